/**
 * @module slack: the Slack surface of `gridrag serve` (Bolt at /slack/events). Calls the use
 * cases in `app/` only.
 */
export { mountSlack, replyTo, questionOf, SLACK_EVENTS_PATH, type SlackOptions } from './slack-app.js';
export { answerMessage, unlinkedMessage, failureMessage, sourceLines, webLink, TABLE_ROW_CAP, type SlackMessage } from './answer-blocks.js';
export { mountSlackInstall, SLACK_INSTALL_PATH, SLACK_REDIRECT_PATH, SLACK_BOT_SCOPES, type SlackInstallOptions } from './slack-install.js';

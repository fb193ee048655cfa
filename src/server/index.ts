/** @module server: the HTTP API of `gridrag serve`: routes, keys, webhook, OpenAPI, sync inside the server. */
export { createHttpApp, type HttpApp, type HttpAppOptions } from './create-http-app.js';
export { startServer, type RunningServer, type StartServerOptions } from './start-server.js';
export { openApiDocument } from './openapi-document.js';
export { parseInterval } from './sync-runner.js';
export { signBody, signatureHeaders, verifySignature } from './webhook-signature.js';
export { errorResponse } from './http-status.js';

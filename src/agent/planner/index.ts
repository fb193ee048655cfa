/** @module agent/planner: the offline planner, questions to one exact SELECT or an honest decline. */
export { planQuestion } from './plan-question.js';
export type { PlanResult, PlanOptions } from './plan-types.js';
export { parseQuestion, type ParsedQuestion } from './parse-question.js';
export { findDatePhrases, type DatePhrase } from './date-phrases.js';
export { questionPhrases } from './named-phrases.js';

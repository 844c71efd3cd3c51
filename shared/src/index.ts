/**
 * @planner/shared: rules and values used word for word by the server and the client. Browser-safe
 * code only (no Node built-ins, no DOM): the client bundles it.
 *
 * This entry carries the values that cross the wire; the rules modules are imported by path:
 * `@planner/shared/password`, `/application`, `/student-info`, `/consent-form`, `/consent-prefill`
 * (student-info and consent-prefill each have their own `parseDob` and `graduationYear`).
 */
export * from './accounts.js';
export * from './ids.js';
export * from './plans.js';
export * from './grades.js';
export * from './sign-in.js';
export * from './reasons.js';

/**
 * The jobs module's front door (issue 16 item 2): other modules and flows import from here only.
 */
export { registerJobHandler, RetryableJobError } from './registry.js';
export type { JobContext } from './registry.js';

/**
 * The auth module's front door (issue 16 item 2): other modules and flows import from here only.
 */
export { hashPassword } from './password.js';

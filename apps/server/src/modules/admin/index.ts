/**
 * The admin module's front door (issue 16 item 2): other modules and flows import from here only.
 * It exports services and answers; the repositories stay inside the module.
 */
export { audit } from './audit.js';
export { merchantDirectory } from './merchant-directory.service.js';
export { serviceUsers } from './service-users.service.js';
export { directory, type StartUser } from './directory.service.js';

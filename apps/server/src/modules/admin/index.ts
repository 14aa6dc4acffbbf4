/**
 * The admin module's front door (issue 16 item 2): other modules and flows import from here only.
 */
export { audit } from './audit.js';
export { merchantExists, merchantIdByCode } from './merchant-exists.repo.js';
export { activeMerchantUsers } from './merchant-users.repo.js';
export { merchantLabelName } from './merchant-names.repo.js';

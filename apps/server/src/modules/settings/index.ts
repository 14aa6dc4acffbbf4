/**
 * The settings module's front door (issue 16 item 2): other modules and flows import from here only.
 */
export { announcementWritten } from './announcements.js';
export { keepSecrets, maskSetting } from './setting-secrecy.js';

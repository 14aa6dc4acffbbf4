/**
 * The resources module's front door (issue 16 item 2): other modules and flows import from here only.
 */
export { defineResource, resourceHead, resourcePrivileges } from './define.js';
export type { ResourceDef, ResourceField } from './define.js';
export { parseFilters, TOTAL_CAP } from './list-query.js';
export type { ListConditions, ListQuery, RecordExtras, RecordPrelude } from './resource.repo.js';
export { ResourceView } from './resource-view.service.js';
export { records } from './resource-writer.service.js';
export { ResourceService } from './resource.service.js';

/**
 * The resources module's front door (issue 16 item 2): other modules and flows import from here only.
 */
export { defineResource, resourcePrivileges } from './define.js';
export type { ResourceDef, ResourceField } from './define.js';
export { parseFilters } from './list-query.js';
export { ResourceRepo, TOTAL_CAP } from './resource.repo.js';
export type { ListQuery } from './resource.repo.js';
export { ResourceService } from './resource.service.js';

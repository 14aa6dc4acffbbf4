import type { PrivilegeAreaRecord, RoleRecord } from '@kontor/contracts/domains/admin-responses';
import { api } from '../../api/request.js';

// The answers' types come from the contracts' response schemas (issue 16 item 5); the names stay.
export type Role = RoleRecord;
export type PrivilegeArea = PrivilegeAreaRecord;

export const rolesApi = {
  list: () => api('GET /v0/roles/'),
  privileges: () => api('GET /v0/privileges/'),
  create: (data: { name: string; title: string; description: string }) => api('POST /v0/roles/', { data, quiet: true }),
  update: (id: number, data: Partial<Pick<Role, 'title' | 'description' | 'privileges'>> & { version: number }) =>
    api('PUT /v0/roles/:id', { path: { id }, data, quiet: true }),
  remove: (id: number) => api('DELETE /v0/roles/:id', { path: { id } }),
};

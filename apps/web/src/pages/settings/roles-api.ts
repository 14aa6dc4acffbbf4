import type { PrivilegeAreaRecord, RoleRecord } from '@kontor/contracts/domains/admin-responses';
import { request } from '../../api/request.js';

// The answers' types come from the contracts' response schemas (issue 16 item 5); the names stay.
export type Role = RoleRecord;
export type PrivilegeArea = PrivilegeAreaRecord;

export const rolesApi = {
  list: () => request<Role[]>({ url: '/v0/roles/' }),
  privileges: () => request<PrivilegeArea[]>({ url: '/v0/privileges/' }),
  create: (data: { name: string; title: string; description: string }) => request<Role>({ url: '/v0/roles/', method: 'POST', data, quiet: true }),
  update: (id: number, data: Partial<Pick<Role, 'title' | 'description' | 'privileges'>> & { version: number }) =>
    request<Role>({ url: `/v0/roles/${id}`, method: 'PUT', data, quiet: true }),
  remove: (id: number) => request<null>({ url: `/v0/roles/${id}`, method: 'DELETE' }),
};

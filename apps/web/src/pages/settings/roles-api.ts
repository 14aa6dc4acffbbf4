import { request } from '../../api/request.js';

export interface Role {
  id: number;
  name: string;
  title: string;
  description: string;
  builtin: boolean;
  version: number;
  privileges: string[];
  users: number;
}

export interface PrivilegeArea {
  area: string;
  privileges: Array<{ name: string; routes: string[] }>;
}

export const rolesApi = {
  list: () => request<Role[]>({ url: '/v0/roles/' }),
  privileges: () => request<PrivilegeArea[]>({ url: '/v0/privileges/' }),
  create: (data: { name: string; title: string; description: string }) => request<Role>({ url: '/v0/roles/', method: 'POST', data, quiet: true }),
  update: (id: number, data: Partial<Pick<Role, 'title' | 'description' | 'privileges'>> & { version: number }) =>
    request<Role>({ url: `/v0/roles/${id}`, method: 'PUT', data, quiet: true }),
  remove: (id: number) => request<null>({ url: `/v0/roles/${id}`, method: 'DELETE' }),
};

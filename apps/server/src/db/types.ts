import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Table types of the database, snake_case as stored. Kept beside the migrations they mirror. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T = unknown> = ColumnType<T, string | T | undefined, string | T>;

export interface MerchantsTable {
  id: Generated<number>;
  code: string;
  name: string;
  email: Generated<string>;
  phone: Generated<string>;
  address: Json<Record<string, unknown>>;
  currency: Generated<'EUR' | 'USD'>;
  settings: Json<Record<string, unknown>>;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface UsersTable {
  id: Generated<number>;
  account: string;
  name: Generated<string>;
  email: Generated<string>;
  password_hash: string;
  type: number;
  merchant_id: number | null;
  avatar: Generated<string>;
  introduction: Generated<string>;
  language: string | null;
  print_shipment: Generated<boolean>;
  print_station_user_id: number | null;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  title: Generated<string>;
  description: Generated<string>;
  builtin: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface RolePrivilegesTable {
  role_id: number;
  privilege: string;
}

export interface RoleRoutesTable {
  role_id: number;
  path: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Date | null;
  revoke_reason: string | null;
  login_ip: Generated<string>;
  user_agent: Generated<string>;
  sub_merchant_id: number | null;
  active_role: string | null;
  login_env_id: string | null;
  scopes: Json<string[] | null> | null;
  oauth_client_id: number | null;
}

export interface OauthClientsTable {
  id: Generated<number>;
  client_id: string;
  secret_hash: string;
  name: string;
  scopes: Json<string[]>;
  merchant_id: number | null;
  service_user_id: number;
  disabled: Generated<boolean>;
  last_used_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: Timestamp;
}

export interface LoginEnvsTable {
  id: string;
  user_id: number;
  created_at: CreatedAt;
  last_used_at: Timestamp;
  user_agent: Generated<string>;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
  sent_at: Date | null;
  error: string | null;
  attempts: Generated<number>;
}

export interface FilesTable {
  id: string;
  kind: 'avatar' | 'image' | 'intern' | 'job';
  name: string;
  mime: string;
  size: number;
  data: Buffer;
  owner_user_id: number | null;
  merchant_id: number | null;
  created_at: CreatedAt;
  deleted_at: Date | null;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'canceled';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  status: Generated<JobStatus>;
  user_id: number | null;
  merchant_id: number | null;
  payload: Json<Record<string, unknown>>;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  message: Generated<string>;
  result: Json<unknown> | null;
  result_file_id: string | null;
  error: string | null;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: Timestamp;
  locked_by: string | null;
  locked_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  finished_at: Date | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: CreatedAt;
  user_id: number | null;
  merchant_id: number | null;
  action: string;
  entity: string;
  entity_id: string;
  before: Json | null;
  after: Json | null;
}

export interface MasksTable {
  name: string;
  definition: string;
  shipped: string | null;
  edited: Generated<boolean>;
  version: Generated<number>;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface MaskVersionsTable {
  id: Generated<number>;
  name: string;
  version: number;
  definition: string;
  saved_by: number | null;
  saved_at: CreatedAt;
  note: Generated<string>;
}

/**
 * The settings records of migration 0002 are read and written by the generic resource layer, whose
 * declarations (modules/resources/catalogue.ts) describe their columns; only masks are typed here.
 */
export interface DB {
  merchants: MerchantsTable;
  users: UsersTable;
  roles: RolesTable;
  role_privileges: RolePrivilegesTable;
  role_routes: RoleRoutesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_envs: LoginEnvsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  files: FilesTable;
  jobs: JobsTable;
  audit_log: AuditLogTable;
  masks: MasksTable;
  mask_versions: MaskVersionsTable;
  oauth_clients: OauthClientsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type JobRow = Selectable<JobsTable>;
export type FileRow = Selectable<FilesTable>;
export type MerchantRow = Selectable<MerchantsTable>;

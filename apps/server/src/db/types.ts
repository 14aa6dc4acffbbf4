import type { Insertable, Selectable, Updateable } from 'kysely';
import type { FilesTable, JobsTable, MerchantsTable, SessionsTable, UsersTable } from './schema.generated.js';

/**
 * Table and view types of the database, snake_case as stored. They are generated from the migrated
 * schema (`npm run db:types`, see docs/contributing.md "Database types"); this file only adds names
 * derived from them.
 */
export * from './schema.generated.js';

export type JobStatus = Selectable<JobsTable>['status'];

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type JobRow = Selectable<JobsTable>;
export type FileRow = Selectable<FilesTable>;
export type MerchantRow = Selectable<MerchantsTable>;

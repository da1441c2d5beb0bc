import type { Kysely } from 'kysely'

// The database as Kysely sees it on both engines. Portable column choices:
// ids are text UUIDs, dates 'YYYY-MM-DD' text, timestamps ISO-8601 text with 'Z',
// booleans 0/1 integers, money bigint minor units. Integers may come back as bigint.
type Int = number | bigint
type Flag = number | bigint

export interface OrganizationsTable {
  id: string
  name: string
  name_key: string
  created_at: string
}

export interface UsersTable {
  id: string
  email: string
  email_key: string
  name: string
  password_hash: string
  created_at: string
}

export interface MembershipsTable {
  organization_id: string
  user_id: string
  role: string
  created_at: string
}

export interface ApiKeysTable {
  id: string
  organization_id: string
  name: string
  prefix: string
  key_hash: string
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
}

export interface SettingsTable {
  name: string
  value: string
}

export interface Database {
  organizations: OrganizationsTable
  users: UsersTable
  memberships: MembershipsTable
  api_keys: ApiKeysTable
  settings: SettingsTable
}

/** Any handle that can run queries: the database itself or an open database transaction. */
export type Executor = Kysely<Database>

export const toNumber = (value: Int | string): number => Number(value)
export const toFlag = (value: Flag): boolean => Number(value) !== 0

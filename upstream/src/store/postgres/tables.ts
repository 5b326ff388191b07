/**
 * The PostgreSQL tables as Kysely sees them (migrations.ts creates them). Names are the embedded
 * engine's (store/migrations), so one upstream/API.md describes both; times are unix milliseconds
 * (int8, read as numbers), flags are booleans.
 */
import type { ColumnType, Generated } from 'kysely';

/** a column the database fills when the insert leaves it out */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface OrganisationsTable {
  com_id: Generated<number>;
  name: string;
  com_code: Defaulted<string>;
  gid: Defaulted<string>;
  enabled: Defaulted<boolean>;
  created_at: number;
}

export interface OrganisationIpRangesTable {
  id: Generated<number>;
  com_id: number;
  cidr: string;
}

export interface UsersTable {
  user_id: Generated<number>;
  user_name: string;
  password_hash: string | null;
  user_type: number;
  com_id: number | null;
  real_name: Defaulted<string>;
  phone: Defaulted<string>;
  email: Defaulted<string>;
  head_picture: Defaulted<string>;
  gender: Defaulted<number>;
  address: Defaulted<string>;
  birthday: Defaulted<string>;
  school: Defaulted<string>;
  major: Defaulted<string>;
  class_name: Defaulted<string>;
  student_id: Defaulted<string>;
  info: Defaulted<string>;
  qq_bind_state: Defaulted<number>;
  weixin_bind_state: Defaulted<number>;
  weibo_bind_state: Defaulted<number>;
  enabled: Defaulted<boolean>;
  org_identity_of: number | null;
  created_at: number;
}

export interface TokensTable {
  token_hash: string;
  user_id: number;
  kind: 'password' | 'network' | 'company';
  created_at: number;
  expires_at: number;
  last_used_at: number;
}

export interface PasswordResetRequestsTable {
  id: Generated<number>;
  user_name: string;
  contact: string;
  client_ip: string;
  created_at: number;
  handled_at: number | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  account_key: string;
  client_ip: string;
  created_at: number;
}

export interface LoginKnownAddressesTable {
  user_id: number;
  address: string;
  last_signed_in: number;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: number;
}

export interface PostgresTables {
  organisations: OrganisationsTable;
  organisation_ip_ranges: OrganisationIpRangesTable;
  users: UsersTable;
  tokens: TokensTable;
  password_reset_requests: PasswordResetRequestsTable;
  login_failures: LoginFailuresTable;
  login_known_addresses: LoginKnownAddressesTable;
  schema_migrations: SchemaMigrationsTable;
}

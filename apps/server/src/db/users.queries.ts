import type { User } from '@unimercado/shared/schemas/users';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { queryRows } from './rows';

type UserRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  roles: string[] | null;
  verified: boolean;
  created_at: Date | string;
};

const toIso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

export const toUserDto = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  roles: row.roles ?? [],
  verified: row.verified,
  createdAt: toIso(row.created_at),
});

/** A user's public fields and role names (`u` is the users row). */
const userColumns = sql`u.id, u.name, u.email, u.phone, u.email_verified_at is not null as verified,
      u.created_at, coalesce((select array_agg(r.name order by r.id) from user_roles ur
        join roles r on r.id = ur.role_id where ur.user_id = u.id), '{}') as roles`;

/** Active (not deleted) users with their role names, filtered, ordered and paged by the caller. */
export const selectUsers = async (db: Database, where: SQL, tail: SQL = sql``) => {
  const rows = await queryRows<UserRow>(
    db,
    sql`
    select ${userColumns}
    from users u
    where u.deleted_at is null and (${where})
    ${tail}`,
  );
  return rows.map(toUserDto);
};

export const findUserById = async (db: Database, id: number) =>
  (await selectUsers(db, sql`u.id = ${id}`))[0];

/**
 * What a session needs of its user, in one indexed query: the user (as their profile shows
 * them) and the token version that decides whether a token still counts.
 */
export const findSessionUser = async (db: Database, id: number) => {
  const rows = await queryRows<UserRow & { token_version: number }>(
    db,
    sql`select ${userColumns}, u.token_version from users u
    where u.id = ${id} and u.deleted_at is null`,
  );
  const row = rows[0];
  return row ? { user: toUserDto(row), tokenVersion: row.token_version } : undefined;
};

import type { User } from '@unimercado/shared/schemas/users';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';

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

/** Active (not deleted) users with their role names, filtered, ordered and paged by the caller. */
export const selectUsers = async (db: Database, where: SQL, tail: SQL = sql``) => {
  const rows = await queryRows<UserRow>(
    db,
    sql`
    select u.id, u.name, u.email, u.phone, u.email_verified_at is not null as verified, u.created_at,
      coalesce((select array_agg(r.name order by r.id) from user_roles ur
        join roles r on r.id = ur.role_id where ur.user_id = u.id), '{}') as roles
    from users u
    where u.deleted_at is null and (${where})
    ${tail}`,
  );
  return rows.map(toUserDto);
};

export const findUserById = async (db: Database, id: number) =>
  (await selectUsers(db, sql`u.id = ${id}`))[0];

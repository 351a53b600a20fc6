import { ROLE_ADMIN, ROLE_NAMES } from '@unimercado/shared/constants';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { revokeSessions } from '../modules/users/sessions';
import type { Database } from './client';
import { categories, roles, userRoles, users } from './schema';
import { inTransaction } from './tx';

/** Student-oriented categories, in the order the selects show them. */
export const DEFAULT_CATEGORIES = [
  'Libros y apuntes',
  'Electrónica',
  'Computadores y accesorios',
  'Celulares y tablets',
  'Muebles',
  'Electrodomésticos',
  'Ropa',
  'Calzado y accesorios',
  'Deporte',
  'Bicicletas y movilidad',
  'Material de laboratorio',
  'Instrumentos musicales',
  'Hogar y cocina',
  'Otros',
] as const;

/** Idempotent: safe at every start-up and from several instances. */
export const seedDatabase = async (db: Database, options: { adminEmails?: string[] } = {}) => {
  await db
    .insert(roles)
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(categories)
    .values(DEFAULT_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing();
  const adminEmails = (options.adminEmails ?? []).map((email) => email.toLowerCase());
  if (adminEmails.length > 0) await grantConfiguredAdmins(db, adminEmails);
};

/**
 * ADMIN_EMAILS accounts get ROLE_ADMIN once they have proved they own the address (verified
 * email), so nobody can claim admin by registering a listed address first. Runs at start-up and
 * right after a verification; their tokens are refreshed (docs/decisions/008).
 */
export const grantConfiguredAdmins = async (db: Database, emails: string[]) => {
  const [adminRole] = await db.select().from(roles).where(eq(roles.name, ROLE_ADMIN));
  if (!adminRole) return;
  await inTransaction(db, async (tx, afterCommit) => {
    const missing = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(sql`lower(${users.email})`, emails),
          isNull(users.deletedAt),
          isNotNull(users.emailVerifiedAt),
          sql`not exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role_id = ${adminRole.id})`,
        ),
      );
    if (missing.length === 0) return;
    const ids = missing.map((row) => row.id);
    await tx
      .insert(userRoles)
      .values(ids.map((userId) => ({ userId, roleId: adminRole.id })))
      .onConflictDoNothing();
    // No bus: at start-up this process holds no sessions yet; right after a verification the
    // account's only token is the one about to be replaced by signing in again.
    await revokeSessions({ tx, afterCommit }, null, ids, new Date());
  });
};

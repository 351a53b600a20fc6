import { ROLE_ADMIN, ROLE_NAMES } from '@unimercado/shared/constants';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { revokeSessions } from './sessions';
import type { Database } from './client';
import { categories, roles, userRoles, users } from './schema';
import { inTransaction, type Tx } from './tx';

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
 * ADMIN_EMAILS accounts get ROLE_ADMIN only once their password was chosen through a link sent
 * to that very address (verifying a listed address asks for one; a password reset works too), so
 * whoever registered a listed address first, without its mailbox, never holds admin rights with
 * a password of their own (docs/decisions/010, replacing part of 008). Runs at start-up and right
 * after such a link was used, inside its transaction; their tokens are refreshed.
 */
export const grantConfiguredAdmins = async (db: Database | Tx, emails: string[]) => {
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
          sql`${users.passwordLinkEmail} = lower(${users.email})`,
          sql`not exists (select 1 from ${userRoles} ur where ur.user_id = ${users.id} and ur.role_id = ${adminRole.id})`,
        ),
      );
    if (missing.length === 0) return;
    const ids = missing.map((row) => row.id);
    await tx
      .insert(userRoles)
      .values(ids.map((userId) => ({ userId, roleId: adminRole.id })))
      .onConflictDoNothing();
    // No bus: at start-up this process holds no sessions yet; right after a link chose the
    // password, the caller has already revoked (and announced) every session of the account.
    await revokeSessions({ tx, afterCommit }, null, ids, new Date());
  });
};

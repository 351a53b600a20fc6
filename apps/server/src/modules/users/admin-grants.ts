import { ROLE_ADMIN } from '@unimercado/shared/constants';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema';
import { inTransaction } from '../../db/tx';
import type { Bus } from '../../plugins/bus';
import { revokeSessions } from '../../db/sessions';

export type GrantResult = 'granted' | 'revoked' | 'unchanged' | 'not-found' | 'last-admin';

/** Serialises admin-count checks across concurrent requests (PGlite and PostgreSQL alike). */
export const ADMIN_LOCK_ID = 7_421_338;

/**
 * Used by `npm run admin -- grant|revoke <email>` on a fresh deployment (there is no default
 * admin). Revoking never leaves the platform without an admin. Tokens are revoked either way.
 */
export const setAdminByEmail = async (
  deps: { db: Database; now: () => Date; bus: Pick<Bus, 'publish'> | null },
  email: string,
  makeAdmin: boolean,
): Promise<GrantResult> =>
  inTransaction(deps.db, async (tx, afterCommit) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_ID})`);
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)),
      );
    const [adminRole] = await tx.select().from(roles).where(eq(roles.name, ROLE_ADMIN));
    if (!user || !adminRole) return 'not-found';
    const [existing] = await tx
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.roleId, adminRole.id)));
    if (makeAdmin === Boolean(existing)) return 'unchanged';
    if (makeAdmin) {
      await tx.insert(userRoles).values({ userId: user.id, roleId: adminRole.id });
    } else {
      const [count] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(and(eq(userRoles.roleId, adminRole.id), isNull(users.deletedAt)));
      if ((count?.count ?? 0) <= 1) return 'last-admin';
      await tx
        .delete(userRoles)
        .where(and(eq(userRoles.userId, user.id), eq(userRoles.roleId, adminRole.id)));
    }
    await revokeSessions({ tx, afterCommit }, deps.bus, [user.id], deps.now());
    return makeAdmin ? 'granted' : 'revoked';
  });

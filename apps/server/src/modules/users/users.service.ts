import { ROLE_ADMIN, ROLE_USER } from '@unimercado/shared/constants';
import type { PaginationQuery } from '@unimercado/shared/schemas/common';
import { USER_MESSAGES, type User, type UserStats } from '@unimercado/shared/schemas/users';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import { roles, userRoles, users } from '../../db/schema';
import { inTransaction, type Tx } from '../../db/tx';
import { AppError, COMMON_MESSAGES } from '../../lib/app-error';
import { assertAdmin, assertPayloadActor, assertSelf, type Actor } from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { averageRating } from '../../lib/rating';
import { isEmailDomainAllowed } from '../../lib/verification-token';
import { issueSession } from '../auth/auth.service';
import * as verification from '../auth/verification.service';
import { buildVerificationEmail, issueVerificationToken } from '../auth/verification.service';
import * as chat from '../chat/chat.service';
import * as favorites from '../favorites/favorites.service';
import * as notifications from '../notifications/notifications.service';
import * as products from '../products/products.service';
import * as sales from '../sales/sales.service';
import { ADMIN_LOCK_ID } from './admin-grants';
import { revokeSessions } from './sessions';
import { findUserById, selectUsers } from './users.queries';

type Deps = Pick<AppDeps, 'db' | 'config' | 'passwords' | 'mailer' | 'now' | 'tokens' | 'bus'>;

export const USERS_MESSAGES = {
  emailTaken: 'Ya existe una cuenta con ese correo electrónico.',
  domainNotAllowed: (domains: string[]) =>
    `Solo se permiten correos institucionales (${domains.map((d) => `@${d}`).join(', ')}).`,
  notOwner: 'Solo puedes editar tu propio perfil.',
  idMismatch: 'El id del cuerpo no coincide con el de la ruta.',
  selfDelete: 'No puedes eliminar tu propia cuenta desde el panel de administración.',
  lastAdmin: 'No se puede quitar el último administrador.',
  selfDemote: 'No puedes quitarte a ti mismo el rol de administrador.',
  unknownRoles: 'Uno o más roles no existen.',
  deletedName: 'Usuario eliminado',
} as const;

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  if ('code' in error && error.code === UNIQUE_VIOLATION) return true;
  return 'cause' in error && isUniqueViolation(error.cause);
};

const lockAdmins = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_ID})`);

const countActiveAdmins = async (tx: Tx) => {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(roles.name, ROLE_ADMIN), isNull(users.deletedAt)));
  return row?.count ?? 0;
};

const emailInUse = async (db: Database | Tx, email: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${email}`, exceptId ? ne(users.id, exceptId) : undefined),
    );
  return Boolean(row);
};

const emailTaken = () => new AppError(409, 'EMAIL_TAKEN', USERS_MESSAGES.emailTaken);

/** Where deleted accounts' addresses live; `.invalid` (RFC 2606) can never receive mail anyway. */
const deletedEmail = (id: number) => `deleted-${id}@deleted.invalid`;

/**
 * Nobody may register or move to an `.invalid` address: holding `deleted-<id>@deleted.invalid`
 * would make the deletion of user <id> fail on the unique email index.
 */
const assertUsableEmail = (email: string, allowedDomains: string[]) => {
  if (email.endsWith('.invalid')) {
    throw new AppError(400, 'VALIDATION_ERROR', USER_MESSAGES.emailInvalid);
  }
  if (!isEmailDomainAllowed(email, allowedDomains)) {
    throw new AppError(
      400,
      'EMAIL_DOMAIN_NOT_ALLOWED',
      USERS_MESSAGES.domainNotAllowed(allowedDomains),
    );
  }
};

export const registerUser = async (
  deps: Deps,
  input: { name: string; email: string; phone: string | null; password: string },
): Promise<User> => {
  const { config } = deps;
  assertUsableEmail(input.email, config.allowedEmailDomains);
  if (await emailInUse(deps.db, input.email)) throw emailTaken();
  const passwordHash = await deps.passwords.hash(input.password);
  // Roles never come from the payload. ADMIN_EMAILS accounts become admins only once they verify
  // the address (verification.service.ts), never at sign-up.
  const roleNames: string[] = [ROLE_USER];
  let userId: number;
  try {
    // The account, its roles and its verification link exist together or not at all; the email
    // leaves only once they do.
    userId = await inTransaction(deps.db, async (tx, afterCommit) => {
      const [created] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, phone: input.phone, passwordHash })
        .returning({ id: users.id });
      if (!created) throw new Error('insert returned no row');
      const roleRows = await tx.select().from(roles).where(inArray(roles.name, roleNames));
      await tx
        .insert(userRoles)
        .values(roleRows.map((role) => ({ userId: created.id, roleId: role.id })));
      const token = await issueVerificationToken(tx, {
        userId: created.id,
        email: input.email,
        now: deps.now(),
      });
      afterCommit(() =>
        deps.mailer.send(
          buildVerificationEmail(config, { to: input.email, name: input.name, token }),
        ),
      );
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const user = await findUserById(deps.db, userId);
  if (!user) throw new Error('registered user vanished');
  return user;
};

export const getUser = async (db: Database, id: number) => {
  const user = await findUserById(db, id);
  if (!user) throw new AppError(404, 'NOT_FOUND', COMMON_MESSAGES.userNotFound);
  return user;
};

/**
 * Owner only (admins included: nobody edits someone else's profile). Roles and verification are
 * never taken from the payload. A new email marks the account unverified and gets a new link;
 * a new password revokes every other session. The answer carries a fresh token.
 */
export const updateUser = async (
  deps: Deps,
  actor: Actor,
  id: number,
  input: {
    id?: number;
    name: string;
    email: string;
    phone: string | null;
    password: string | null;
  },
): Promise<User & { token: string }> => {
  assertSelf(actor, id, USERS_MESSAGES.notOwner);
  // architecture.md: a payload id that names someone else is refused with 403, never obeyed.
  assertPayloadActor(actor, input.id, USERS_MESSAGES.idMismatch);
  const current = await getUser(deps.db, id);
  const emailChanged = input.email !== current.email;
  if (emailChanged) {
    assertUsableEmail(input.email, deps.config.allowedEmailDomains);
    // An ADMIN_EMAILS address is reserved for its owner's registration: taking it here would
    // make this account admin at the next start-up. Answered like a taken address, so the
    // list of admin addresses cannot be probed.
    if (deps.config.adminEmails.includes(input.email)) throw emailTaken();
    if (await emailInUse(deps.db, input.email, id)) throw emailTaken();
  }
  const passwordHash = input.password ? await deps.passwords.hash(input.password) : undefined;
  const now = deps.now();
  try {
    await inTransaction(deps.db, async (tx, afterCommit) => {
      await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          phone: input.phone,
          updatedAt: now,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, id));
      if (passwordHash) await revokeSessions({ tx, afterCommit }, deps.bus, [id], now);
      if (emailChanged) {
        // A new address gets a new link in the same transaction (older links stop working).
        const token = await issueVerificationToken(tx, { userId: id, email: input.email, now });
        afterCommit(() =>
          deps.mailer.send(
            buildVerificationEmail(deps.config, { to: input.email, name: input.name, token }),
          ),
        );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const session = await issueSession(deps, id);
  return { ...(await getUser(deps.db, id)), token: session.token };
};

/** productos: all listings (available and sold); promedio: mean rating, two decimals. */
export const getUserStats = async (db: Database, id: number): Promise<UserStats> => {
  await getUser(db, id);
  const rows = await queryRows<{
    productos: number;
    vendidos: number;
    rating_sum: number;
    total_reviews: number;
  }>(
    db,
    sql`
    select
      (select count(*)::int from products p where p.seller_id = ${id}) as productos,
      (select count(*)::int from products p where p.seller_id = ${id} and p.is_sold) as vendidos,
      (select coalesce(sum(r.rating), 0)::int from reviews r where r.reviewee_id = ${id}) as rating_sum,
      (select count(*)::int from reviews r where r.reviewee_id = ${id}) as total_reviews`,
  );
  const row = rows[0];
  const totalReviews = Number(row?.total_reviews ?? 0);
  return {
    productos: Number(row?.productos ?? 0),
    vendidos: Number(row?.vendidos ?? 0),
    promedio: averageRating(Number(row?.rating_sum ?? 0), totalReviews),
    totalReviews,
  };
};

type AdminDeps = Pick<AppDeps, 'db' | 'now' | 'bus' | 'storage'>;

export const listUsers = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { page, size }: PaginationQuery,
) => {
  assertAdmin(actor);
  const [countRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(isNull(users.deletedAt));
  const items = await selectUsers(
    db,
    sql`true`,
    sql`order by u.id asc limit ${size} offset ${page * size}`,
  );
  return { items, total: Number(countRow?.count ?? 0) };
};

/**
 * Soft delete (architecture.md, data safety): the row stays anonymised so counterparts keep their
 * purchases, reviews and chat history ('Usuario eliminado'). Each module removes what is its own
 * (unsold listings and their photos, pending offers, favourites, notifications, links); the photos'
 * files go after commit; every session is revoked at once; the email is freed for a new account.
 */
export const deleteUser = async (deps: AdminDeps, actor: Actor, id: number) => {
  assertAdmin(actor);
  if (actor.id === id) throw new AppError(409, 'SELF_ACTION', USERS_MESSAGES.selfDelete);
  const now = deps.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    await lockAdmins(tx);
    const target = await findUserById(tx, id);
    if (!target) throw new AppError(404, 'NOT_FOUND', COMMON_MESSAGES.userNotFound);
    if (target.roles.includes(ROLE_ADMIN) && (await countActiveAdmins(tx)) <= 1) {
      throw new AppError(409, 'LAST_ADMIN', USERS_MESSAGES.lastAdmin);
    }
    const { imageKeys } = await products.removeUserData(tx, id);
    afterCommit(() => deps.storage.deleteMany(imageKeys));
    await sales.removeUserData(tx, id);
    await favorites.removeUserData(tx, id);
    await notifications.removeUserData(tx, id);
    await chat.removeUserData(tx, id);
    await verification.removeUserData(tx, id);
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    await tx
      .update(users)
      .set({
        name: USERS_MESSAGES.deletedName,
        email: deletedEmail(id),
        phone: null,
        passwordHash: '!deleted',
        emailVerifiedAt: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, id));
    await revokeSessions({ tx, afterCommit }, deps.bus, [id], now);
  });
};

export const getUserRoles = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, id: number) => {
  assertAdmin(actor);
  await getUser(db, id);
  return db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, id))
    .orderBy(roles.id);
};

/** Replaces the roles; revokes the user's tokens so the new roles apply at once. */
export const replaceUserRoles = async (
  deps: Pick<AppDeps, 'db' | 'now' | 'bus'>,
  actor: Actor,
  id: number,
  roleIds: number[],
): Promise<User> => {
  assertAdmin(actor);
  const wanted = [...new Set(roleIds)];
  await inTransaction(deps.db, async (tx, afterCommit) => {
    await lockAdmins(tx);
    const target = await findUserById(tx, id);
    if (!target) throw new AppError(404, 'NOT_FOUND', COMMON_MESSAGES.userNotFound);
    const found = await tx.select().from(roles).where(inArray(roles.id, wanted));
    if (found.length !== wanted.length) {
      throw new AppError(400, 'VALIDATION_ERROR', USERS_MESSAGES.unknownRoles, {
        details: { unknownRoleIds: wanted.filter((roleId) => !found.some((r) => r.id === roleId)) },
      });
    }
    const keepsAdmin = found.some((role) => role.name === ROLE_ADMIN);
    if (target.roles.includes(ROLE_ADMIN) && !keepsAdmin) {
      if (actor.id === id) throw new AppError(409, 'SELF_ACTION', USERS_MESSAGES.selfDemote);
      if ((await countActiveAdmins(tx)) <= 1) {
        throw new AppError(409, 'LAST_ADMIN', USERS_MESSAGES.lastAdmin);
      }
    }
    const current = new Set(found.filter((r) => target.roles.includes(r.name)).map((r) => r.id));
    if (current.size === wanted.length && target.roles.length === wanted.length) return;
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    await tx.insert(userRoles).values(wanted.map((roleId) => ({ userId: id, roleId })));
    await revokeSessions({ tx, afterCommit }, deps.bus, [id], deps.now());
  });
  return getUser(deps.db, id);
};

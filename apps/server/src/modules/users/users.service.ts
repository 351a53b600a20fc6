import { ROLE_ADMIN, ROLE_USER } from '@unimercado/shared/constants';
import type { PaginationQuery } from '@unimercado/shared/schemas/common';
import { USER_MESSAGES, type User, type UserStats } from '@unimercado/shared/schemas/users';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  emailVerificationTokens,
  favorites,
  notifications,
  products,
  roles,
  sales,
  userRoles,
  users,
} from '../../db/schema';
import { AppError, COMMON_MESSAGES } from '../../lib/app-error';
import { averageRating } from '../../lib/rating';
import { isEmailDomainAllowed } from '../../lib/verification-token';
import type { AuthUser } from '../../plugins/auth';
import { issueSession } from '../auth/auth.service';
import { buildVerificationEmail, issueVerificationToken } from '../auth/verification.service';
import { ADMIN_LOCK_ID } from './admin-grants';
import { findUserById, selectUsers } from './users.queries';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'passwords' | 'mailer' | 'now' | 'tokens'>;

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

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
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
  let verificationToken: string;
  try {
    // The account, its roles and its verification link exist together or not at all.
    ({ userId, verificationToken } = await deps.db.transaction(async (tx) => {
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
      return { userId: created.id, verificationToken: token };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  deps.mailer.send(
    buildVerificationEmail(config, { to: input.email, name: input.name, token: verificationToken }),
  );
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
  actor: AuthUser,
  id: number,
  input: {
    id?: number;
    name: string;
    email: string;
    phone: string | null;
    password: string | null;
  },
): Promise<User & { token: string }> => {
  if (actor.id !== id) throw new AppError(403, 'FORBIDDEN', USERS_MESSAGES.notOwner);
  if (input.id !== undefined && input.id !== id) {
    // architecture.md: a payload id that names someone else is refused with 403, never obeyed.
    throw new AppError(403, 'FORBIDDEN', USERS_MESSAGES.idMismatch);
  }
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
  let verificationToken: string | undefined;
  try {
    verificationToken = await deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          phone: input.phone,
          updatedAt: now,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          ...(passwordHash ? { passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(eq(users.id, id));
      // A new address gets a new link in the same transaction (older links stop working).
      return emailChanged
        ? issueVerificationToken(tx, { userId: id, email: input.email, now })
        : undefined;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (verificationToken) {
    deps.mailer.send(
      buildVerificationEmail(deps.config, {
        to: input.email,
        name: input.name,
        token: verificationToken,
      }),
    );
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

export const listUsers = async (db: Database, { page, size }: PaginationQuery) => {
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
 * purchases, reviews and chat history ('Usuario eliminado'); unsold listings, pending offers,
 * favourites, notifications and links go; the token version bump revokes every session at once;
 * the email is freed for a new registration.
 */
export const deleteUser = async (db: Database, actor: AuthUser, id: number) => {
  if (actor.id === id) throw new AppError(409, 'SELF_ACTION', USERS_MESSAGES.selfDelete);
  await db.transaction(async (tx) => {
    await lockAdmins(tx);
    const target = await findUserById(tx, id);
    if (!target) throw new AppError(404, 'NOT_FOUND', COMMON_MESSAGES.userNotFound);
    if (target.roles.includes(ROLE_ADMIN) && (await countActiveAdmins(tx)) <= 1) {
      throw new AppError(409, 'LAST_ADMIN', USERS_MESSAGES.lastAdmin);
    }
    await tx.delete(products).where(and(eq(products.sellerId, id), eq(products.isSold, false)));
    await tx.delete(sales).where(and(eq(sales.buyerId, id), eq(sales.status, 'pending')));
    await tx.delete(favorites).where(eq(favorites.userId, id));
    await tx.delete(notifications).where(eq(notifications.userId, id));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, id));
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    await tx
      .update(users)
      .set({
        name: USERS_MESSAGES.deletedName,
        email: deletedEmail(id),
        phone: null,
        passwordHash: '!deleted',
        emailVerifiedAt: null,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
  });
};

export const getUserRoles = async (db: Database, id: number) => {
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
  db: Database,
  actor: AuthUser,
  id: number,
  roleIds: number[],
): Promise<User> => {
  const wanted = [...new Set(roleIds)];
  await db.transaction(async (tx) => {
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
    await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id));
  });
  return getUser(db, id);
};

import { ROLE_ADMIN, ROLE_USER } from '@unimercado/shared/constants';
import type { PaginationQuery } from '@unimercado/shared/schemas/common';
import {
  USER_MESSAGES,
  type Profile,
  type User,
  type UserStats,
} from '@unimercado/shared/schemas/users';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import { roles, userRoles, users } from '../../db/schema';
import { inTransaction, type Tx, type TxScope } from '../../db/tx';
import { AppError, COMMON_MESSAGES } from '../../lib/app-error';
import {
  assertAdmin,
  assertPayloadActor,
  assertSelf,
  isAdmin,
  type Actor,
} from '../../lib/authorization';
import type { AppDeps } from '../../lib/deps';
import { averageRating } from '../../lib/rating';
import { isEmailDomainAllowed } from '../../lib/verification-token';
import { consumeLimit } from '../../plugins/rate-limit';
import { issueSession, verificationEmailsKey } from '../auth/auth.service';
import * as verification from '../auth/verification.service';
import { enqueueVerificationEmail } from '../auth/verification.service';
import * as chat from '../chat/chat.service';
import * as favorites from '../favorites/favorites.service';
import * as notifications from '../notifications/notifications.service';
import * as passkeys from '../passkeys/passkeys.service';
import * as blocks from '../blocks/blocks.service';
import * as safety from '../safety/safety.service';
import * as products from '../products/products.service';
import * as reviews from '../reviews/reviews.service';
import * as sales from '../sales/sales.service';
import * as savedSearches from '../saved-searches/saved-searches.service';
import { ADMIN_LOCK_ID } from './admin-grants';
import { assertRecentlyAuthenticated, notifyPasswordChanged } from '../auth/credentials';
import { announceSessionUsersChanged, revokeSessions } from '../../db/sessions';
import { findUserById, selectUsers } from '../../db/users.queries';

type Deps = Pick<
  AppDeps,
  | 'db'
  | 'config'
  | 'passwords'
  | 'mailer'
  | 'now'
  | 'tokens'
  | 'bus'
  | 'storage'
  | 'counters'
  | 'rateLimits'
>;

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

/** Serialises everything that decides who holds one address (registrations replacing each other). */
const EMAIL_LOCK_NAMESPACE = 7_421_339;
const lockEmail = (tx: Tx, email: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK_NAMESPACE}, hashtext(${email}))`);

/**
 * Whether the account holds anything a person made: listings, offers, favourites, chat messages
 * (sent or received) or reviews (written or received). Such an account is never removed to let
 * someone register its address, whatever its verification state (decision 037).
 */
const holdsUserData = async (db: Database | Tx, id: number) => {
  const checks = [
    products.hasUserData,
    sales.hasUserData,
    favorites.hasUserData,
    chat.hasUserData,
    reviews.hasUserData,
  ];
  for (const holds of checks) if (await holds(db, id)) return true;
  return false;
};

/**
 * The account holding `email` (locked for the transaction when asked), and whether it is a
 * pending registration that registering the address again may replace (decisions 010, 037): its
 * address is not verified, it is no admin (an operator may have made an unverified account admin
 * with the CLI) and it holds nothing a person made.
 */
const findHolder = async (db: Database | Tx, email: string, lock: boolean) => {
  const query = db
    .select({
      id: users.id,
      isVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      // Qualified by hand: inside the subquery a bare "id" would be the role's.
      isAdmin: sql<boolean>`exists (
        select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
        where ur.user_id = "users"."id" and r.name = ${ROLE_ADMIN})`,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)));
  const [row] = await (lock ? query.for('update', { of: users }) : query);
  if (!row) return undefined;
  const isPending = !row.isVerified && !row.isAdmin && !(await holdsUserData(db, row.id));
  return { id: row.id, isPending };
};

/**
 * Registration. An address held by a pending registration (decisions 010, 037) is taken over:
 * that account is removed (its password, sessions and links stop working) and the new one
 * replaces it, so whoever registers an address they do not own can never lock its owner out. An
 * address of any other account (verified, admin, or holding what a person made) is 409. The
 * account, its roles, its link and its email exist together or not at all; concurrent
 * registrations of one address are serialised (the last one wins).
 */
export const registerUser = async (
  deps: Deps,
  input: { name: string; email: string; phone: string | null; password: string },
): Promise<User> => {
  const { config } = deps;
  assertUsableEmail(input.email, config.allowedEmailDomains);
  const holder = await findHolder(deps.db, input.email, false);
  if (holder && !holder.isPending) throw emailTaken();
  // Each replacement mails the address again: counted like resends, so the owner's mailbox cannot
  // be flooded by registering the same address over and over.
  if (holder) {
    await consumeLimit(
      deps.counters,
      verificationEmailsKey(input.email),
      deps.rateLimits.verificationEmailsPerAccount,
    );
  }
  const passwordHash = await deps.passwords.hash(input.password);
  // Roles never come from the payload. ADMIN_EMAILS accounts become admins only once a link sent
  // to the address chose their password (decision 010), never at sign-up.
  const roleNames: string[] = [ROLE_USER];
  let userId: number;
  try {
    userId = await inTransaction(deps.db, async (tx, afterCommit) => {
      const now = deps.now();
      await lockEmail(tx, input.email);
      const current = await findHolder(tx, input.email, true);
      if (current && !current.isPending) throw emailTaken();
      if (current) await removeAccount({ tx, afterCommit }, deps, current.id, now);
      const [created] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, phone: input.phone, passwordHash })
        .returning({ id: users.id });
      if (!created) throw new Error('insert returned no row');
      const roleRows = await tx.select().from(roles).where(inArray(roles.name, roleNames));
      await tx
        .insert(userRoles)
        .values(roleRows.map((role) => ({ userId: created.id, roleId: role.id })));
      await enqueueVerificationEmail(
        { tx, afterCommit },
        deps,
        { id: created.id, email: input.email, name: input.name },
        now,
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

/** Email and phone are for verified members, admins and the owner (decision 012). */
const pickUser = ({ id, name, email, phone, roles, verified, createdAt }: User): User => ({
  id,
  name,
  email,
  phone,
  roles,
  verified,
  createdAt,
});

const canSeeContactDetails = (viewer: Actor | null, id: number) =>
  viewer !== null && (viewer.id === id || viewer.verified || isAdmin(viewer));

/**
 * `GET /api/users/{id}`, open to anyone: name, roles, statistics and reviews are public; email
 * and phone only for verified viewers. Reading other members' profiles is counted per account
 * (anonymous: per IP), so contact details cannot be harvested in bulk.
 */
export const getProfile = async (
  deps: Pick<AppDeps, 'db' | 'counters' | 'rateLimits'>,
  viewer: (Actor & User) | null,
  id: number,
  ip: string,
): Promise<Profile> => {
  // One's own profile is the session's user, resolved for this very request and kept current
  // by the session cache's events (plugins/auth.ts): no query (decision 028).
  if (viewer?.id === id) return pickUser(viewer);
  if (!viewer) {
    await consumeLimit(deps.counters, `profile-read-ip:${ip}`, deps.rateLimits.profileReadsPerIp);
  } else if (viewer.id !== id) {
    await consumeLimit(
      deps.counters,
      `profile-read:${viewer.id}`,
      deps.rateLimits.profileReadsPerAccount,
    );
  }
  const user = await getUser(deps.db, id);
  return canSeeContactDetails(viewer, id) ? user : { ...user, email: null, phone: null };
};

/**
 * Owner only (admins included: nobody edits someone else's profile). Roles and verification are
 * never taken from the payload. Changing the password or the email needs a recent sign-in or the
 * current password. A new email marks the account unverified and gets a new link; a new password
 * revokes every other session and sends a notice to the address the account had. The answer
 * carries a fresh token (keeping the session's sign-in time).
 */
export const updateUser = async (
  deps: Deps,
  actor: Actor & { authTime: number },
  id: number,
  input: {
    id?: number;
    name: string;
    email: string;
    phone: string | null;
    password: string | null;
    currentPassword?: string | null;
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
  let authTime = actor.authTime;
  if (input.password || emailChanged) {
    authTime = await assertRecentlyAuthenticated(
      deps,
      actor,
      current,
      input.currentPassword ?? null,
      deps.now(),
    );
  }
  const passwordHash = input.password ? await deps.passwords.hash(input.password) : undefined;
  const now = deps.now();
  try {
    await inTransaction(deps.db, async (tx, afterCommit) => {
      const scope = { tx, afterCommit };
      await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          phone: input.phone,
          updatedAt: now,
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          // Chosen in the profile, not through a link: it proves no mailbox (decision 010).
          ...(passwordHash ? { passwordHash, passwordLinkEmail: null } : {}),
        })
        .where(eq(users.id, id));
      // Sessions show the name, the address and whether it is verified.
      announceSessionUsersChanged(scope, deps.bus, [id]);
      if (passwordHash) {
        await revokeSessions(scope, deps.bus, [id], now);
        await notifyPasswordChanged(scope, deps, current, now);
      }
      // A new address gets a new link in the same transaction (older links stop working).
      if (emailChanged) {
        await enqueueVerificationEmail(
          scope,
          deps,
          { id, email: input.email, name: input.name },
          now,
        );
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const session = await issueSession(deps, id, authTime);
  return { ...(await getUser(deps.db, id)), token: session.token };
};

/** productos: all listings (available and sold; not those hidden by moderation); promedio: mean rating, two decimals. */
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
      (select count(*)::int from products p where p.seller_id = ${id}
        and (p.is_sold or p.hidden_at is null)) as productos,
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
 * Removes an account, inside the caller's transaction (an admin's deletion, or a registration
 * replacing a pending one). Soft delete (architecture.md, data safety): the row stays anonymised
 * so counterparts keep their purchases, reviews and chat history ('Usuario eliminado'). Each
 * module removes what is its own (unsold listings and their photos, pending offers, favourites,
 * notifications, links); the photos' files go after commit; every session is revoked at once;
 * the email is freed for a new account.
 */
const removeAccount = async (
  scope: TxScope,
  deps: Pick<AppDeps, 'bus' | 'storage'>,
  id: number,
  now: Date,
) => {
  const { tx, afterCommit } = scope;
  const { imageKeys } = await products.removeUserData(tx, id);
  afterCommit(() => deps.storage.deleteMany(imageKeys));
  await sales.removeUserData(tx, id);
  await favorites.removeUserData(tx, id);
  await notifications.removeUserData(tx, id);
  await chat.removeUserData(tx, id);
  await verification.removeUserData(tx, id);
  await passkeys.removeUserData(tx, id);
  await blocks.removeUserData(tx, id);
  await safety.removeUserData(tx, id);
  await savedSearches.removeUserData(tx, id);
  await tx.delete(userRoles).where(eq(userRoles.userId, id));
  await tx
    .update(users)
    .set({
      name: USERS_MESSAGES.deletedName,
      email: deletedEmail(id),
      phone: null,
      passwordHash: '!deleted',
      passwordLinkEmail: null,
      emailVerifiedAt: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
  await revokeSessions(scope, deps.bus, [id], now);
};

/** Admin only; never oneself, never the last admin. */
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
    await removeAccount({ tx, afterCommit }, deps, id, now);
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

import { ROLE_ADMIN } from '@unimercado/shared/constants';
import { AppError, COMMON_MESSAGES } from './app-error';

/**
 * The one place for ownership and role rules (conventions.md; architecture.md "The server is the
 * authority"). Route hooks only authenticate; services call these with the acting user, who always
 * comes from the verified token.
 */
export type Actor = { id: number; roles: readonly string[]; verified: boolean };

const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);

export const hasRole = (actor: Actor, role: string) => actor.roles.includes(role);
export const isAdmin = (actor: Actor) => hasRole(actor, ROLE_ADMIN);

/** 403 unless the actor holds `role` (roles were reloaded from the database for this request). */
export const assertRole = (
  actor: Actor,
  role: string,
  message: string = COMMON_MESSAGES.forbidden,
) => {
  if (!hasRole(actor, role)) throw forbidden(message);
};

export const assertAdmin = (actor: Actor) =>
  assertRole(actor, ROLE_ADMIN, COMMON_MESSAGES.adminOnly);

/** 403 unless the actor owns the resource (admins included: nobody edits another's listing). */
export const assertOwner = (
  actor: Actor,
  ownerId: number,
  message: string = COMMON_MESSAGES.forbidden,
) => {
  if (actor.id !== ownerId) throw forbidden(message);
};

/** 403 unless `userId` (a path or query id naming whose data is read or changed) is the actor. */
export const assertSelf: typeof assertOwner = assertOwner;

/**
 * Spec clients send ids they should not be trusted with (`buyerId`, `userId`, `reviewerId`,
 * `senderId`): absent is fine, the actor's own id is fine, anyone else's is refused, never obeyed.
 */
export const assertPayloadActor = (
  actor: Actor,
  payloadUserId: number | null | undefined,
  message: string = COMMON_MESSAGES.forbidden,
) => {
  if (payloadUserId !== undefined && payloadUserId !== null && payloadUserId !== actor.id) {
    throw forbidden(message);
  }
};

/** Publishing, offers, chat and reviews need a verified email (architecture.md, data safety). */
export const assertVerified = (actor: Actor) => {
  if (!actor.verified) {
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', COMMON_MESSAGES.emailNotVerified);
  }
};

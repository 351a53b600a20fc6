/**
 * The signed-in user as kept in local storage (spec sections 3 and 4). `role` is the first entry
 * of `roles` and defaults to 'USER' when the list is empty; checks use `roles` (all of them).
 */
export type SessionUser = {
  id: number;
  name: string;
  email: string;
  roles: string[];
  role: string;
  verified: boolean;
};

export type Session = { token: string; user: SessionUser };

/** Spec section 3: "default USER when empty". */
export const DEFAULT_ROLE = 'USER';

type LoginPayload = {
  id: number;
  name?: string | null;
  email?: string | null;
  roles?: unknown;
  verified?: boolean | null;
};

const toStringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Builds the session user from the login answer (or any object with the same fields). */
export const toSessionUser = (payload: LoginPayload): SessionUser => {
  const roles = toStringList(payload.roles);
  return {
    id: payload.id,
    name: payload.name ?? '',
    email: payload.email ?? '',
    roles,
    role: roles[0] ?? DEFAULT_ROLE,
    verified: payload.verified ?? false,
  };
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the stored session: signed in only when both items exist and the user parses into an
 * object with a numeric id. Returns `corrupt: true` when the user item exists but is unusable,
 * so the caller removes both items (spec section 4).
 */
export const parseStoredSession = (
  token: string | null,
  userJson: string | null,
): { session: Session | null; corrupt: boolean } => {
  if (!token || !userJson) return { session: null, corrupt: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(userJson);
  } catch {
    return { session: null, corrupt: true };
  }
  if (!isRecord(parsed) || typeof parsed.id !== 'number' || !Number.isInteger(parsed.id)) {
    return { session: null, corrupt: true };
  }
  const user = toSessionUser({
    id: parsed.id,
    name: typeof parsed.name === 'string' ? parsed.name : '',
    email: typeof parsed.email === 'string' ? parsed.email : '',
    roles: parsed.roles,
    verified: parsed.verified === true,
  });
  // A stored `role` without `roles` (older shape) still counts.
  if (user.roles.length === 0 && typeof parsed.role === 'string' && parsed.role) {
    user.role = parsed.role;
  }
  return { session: { token, user }, corrupt: false };
};

export const hasRole = (user: SessionUser | null, role: string): boolean =>
  user != null && (user.roles.includes(role) || user.role === role);

export const hasAnyRole = (user: SessionUser | null, roles: readonly string[]): boolean =>
  roles.some((role) => hasRole(user, role));

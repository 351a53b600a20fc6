import { MAX_ID } from '@unimercado/shared/constants';
import { errors, jwtVerify, SignJWT } from 'jose';
import { createCache } from './cache';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';

export type SessionClaims = {
  sub: string;
  id: number;
  email: string;
  name: string;
  roles: string[];
  /** Token version: must equal users.token_version or the token is revoked. */
  tv: number;
  /**
   * When the holder last proved the password (seconds, OpenID's `auth_time`): set at login and
   * carried over when PUT /api/users/{id} refreshes the token, so a refresh is not a sign-in.
   * Tokens from before it existed lack it and count as an old sign-in.
   */
  auth_time?: number;
  iat: number;
  exp: number;
};

export type TokenSubject = {
  id: number;
  email: string;
  name: string;
  roles: string[];
  tokenVersion: number;
};

/** Tokens whose signature was already checked, kept per instance (about 3 MB at most). */
const VERIFIED_TOKENS_KEPT = 10_000;

export const createTokenService = (secret: string, issuer: string) => {
  const key = new TextEncoder().encode(secret);
  // A signature check is the costliest step of a signed-in request; its answer for a given token
  // only changes when the token expires, so a checked token is remembered until then. Revocation
  // is not decided here (the token version is checked on every request by the auth plugin).
  // Kept until the token's own expiry at most; the least recently used go first.
  const verified = createCache<SessionClaims>({
    name: 'verified-tokens',
    ttlMs: TOKEN_LIFETIME_SECONDS * 1000,
    maxEntries: VERIFIED_TOKENS_KEPT,
  });
  return {
    /** `authTime` (seconds): when the password was last proved; a sign-in by default. */
    sign: async (user: TokenSubject, now = new Date(), authTime?: number) => {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + TOKEN_LIFETIME_SECONDS;
      const token = await new SignJWT({
        id: user.id,
        email: user.email,
        name: user.name,
        roles: user.roles,
        tv: user.tokenVersion,
        auth_time: Math.min(authTime ?? iat, iat),
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) };
    },
    /**
     * Returns the claims, or undefined for an expired, forged or malformed token. A token without
     * `exp` never expires, so it is refused; an id outside the integer range can name no user.
     */
    verify: async (token: string): Promise<SessionClaims | undefined> => {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete([token]);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const id = Number(payload.sub);
        const isId = Number.isInteger(id) && id >= 1 && id <= MAX_ID && String(id) === payload.sub;
        const authTime: unknown = payload.auth_time;
        if (
          !isId ||
          payload.id !== id ||
          !Number.isInteger(payload.tv) ||
          (authTime !== undefined && !Number.isInteger(authTime))
        ) {
          return undefined;
        }
        const claims = payload as unknown as SessionClaims;
        verified.set(token, claims, Math.max(1, claims.exp * 1000 - Date.now()));
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
};
export type TokenService = ReturnType<typeof createTokenService>;

/** `Authorization: Bearer <jwt>`; the spec's client sends `Bearer null` when signed out. */
export const readBearerToken = (header: string | undefined): string | undefined => {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  if (!token || token === 'null' || token === 'undefined') return undefined;
  return token;
};

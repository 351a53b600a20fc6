import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// Algorithm is an ambient const enum (not importable as a value here): 2 = Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline (19 MiB, 2 passes); tests may lower the cost, never the algorithm. */
export const DEFAULT_ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * `hash` and `verify` run as N-API async work on libuv's thread pool (napi-rs `AsyncTask`), the
 * pool sharp's calls also wait on: photo work is bounded to leave two of its threads free, so a
 * sign-in never queues behind photos (decision 041; the image-work tests hold every photo slot on
 * a pool thread and sign in).
 */
export const createPasswordHasher = (options: Partial<Options> = {}) => {
  const settings: Options = { ...DEFAULT_ARGON2_OPTIONS, ...options, algorithm: ARGON2ID };
  // Verified against when the email is unknown, so both paths cost the same time.
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password: string) => hash(password, settings),
    verify: async (passwordHash: string | undefined, password: string) => {
      dummyHash ??= hash('unimercado-dummy-password', settings);
      const target = passwordHash ?? (await dummyHash);
      try {
        const matches = await verify(target, password);
        return passwordHash !== undefined && matches;
      } catch {
        return false;
      }
    },
  };
};
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLE_ADMIN } from '@unimercado/shared/constants';
import type { LoginResponse } from '@unimercado/shared/schemas/auth';
import type { User } from '@unimercado/shared/schemas/users';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { generateVapidKeys, parseEnv, type AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { queryRows } from '../db/rows';
import { roles, userRoles, users } from '../db/schema';
import { outboxDir } from '../plugins/mail';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../plugins/rate-limit';
import { createTestDatabase } from './test-database';

export const TEST_PASSWORD = 'secreto123';

/** One VAPID key pair per test process (made in a millisecond; the data dir is not read). */
const TEST_VAPID_KEYS = generateVapidKeys();

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  ...parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' }),
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  push: { ...TEST_VAPID_KEYS, subject: 'mailto:pruebas@uni.edu' },
  webDistDir: '/nonexistent-web-dist',
  // Test runs share the machine's Redis: each app gets its own keys and channels.
  redisPrefix: `um:test:${randomBytes(5).toString('hex')}:`,
  ...overrides,
});

/** High enough that ordinary tests never trip them; rate-limit tests pass their own. */
export const RELAXED_LIMITS: RateLimitSettings = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([key, limit]) => [key, { ...limit, max: 10_000 }]),
) as RateLimitSettings;

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  config: AppConfig;
  close: () => Promise<void>;
};

/** A fresh app on a private clone of the migrated template database. */
export const createTestApp = async (
  options: {
    config?: Partial<AppConfig>;
    rateLimits?: Partial<RateLimitSettings>;
    realtime?: BuildAppOptions['realtime'];
    now?: BuildAppOptions['now'];
    database?: DatabaseHandle;
    /** Pino options (default: no logging). */
    logger?: BuildAppOptions['logger'];
    /** The agent web pushes are sent with (test/push-endpoint.ts's, trusting its certificate). */
    pushAgent?: BuildAppOptions['pushAgent'];
    /** Runs before `ready()`, e.g. to add a probe route. */
    configure?: (app: App) => void;
    /** Told of every route as it is registered (Fastify's `onRoute` hook). */
    onRoute?: BuildAppOptions['onRoute'];
  } = {},
): Promise<TestContext> => {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'um-app-'));
  const config = testConfig({ dataDir, ...options.config });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    rateLimits: { ...RELAXED_LIMITS, ...options.rateLimits },
    ...(options.realtime ? { realtime: options.realtime } : {}),
    // Cheap argon2id in tests: same algorithm, lower cost.
    argon2: { memoryCost: 1024, timeCost: 1 },
    ...(options.now ? { now: options.now } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
  });
  options.configure?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

let counter = 0;
export const uniqueEmail = (label = 'user', domain = 'uni.edu') =>
  `${label}.${process.pid}.${Date.now().toString(36)}.${++counter}@${domain}`;

export const registerUser = async (
  app: App,
  input: { name?: string; email?: string; password?: string; phone?: string | null } = {},
) => {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? TEST_PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/api/users',
    payload: {
      name: input.name ?? 'Estudiante Prueba',
      email,
      phone: input.phone ?? null,
      password,
      confirmPassword: password,
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`register failed ${response.statusCode}: ${response.body}`);
  }
  return { user: response.json<User>(), password };
};

export const login = async (app: App, email: string, password = TEST_PASSWORD) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`login failed ${response.statusCode}: ${response.body}`);
  return response.json<LoginResponse>();
};

export type Account = { user: User; token: string; email: string; password: string };

/** Registers and signs in; `verified`/`admin` are set directly in the database. */
export const createAccount = async (
  ctx: TestContext,
  options: { verified?: boolean; admin?: boolean; name?: string; email?: string } = {},
): Promise<Account> => {
  const { user, password } = await registerUser(ctx.app, {
    ...(options.name ? { name: options.name } : {}),
    ...(options.email ? { email: options.email } : {}),
  });
  const { db } = ctx.database;
  if (options.verified) {
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  }
  if (options.admin) {
    const [admin] = await db.select().from(roles).where(eq(roles.name, ROLE_ADMIN));
    await db.insert(userRoles).values({ userId: user.id, roleId: admin!.id });
  }
  const session = await login(ctx.app, user.email, password);
  return {
    user: { ...user, roles: session.roles, verified: session.verified },
    token: session.token,
    email: user.email,
    password,
  };
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `app.inject` as `token`'s owner (anonymous without one), with an optional JSON body. */
export const callAs = (
  ctx: Pick<TestContext, 'app'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Messages the file outbox holds for one recipient, newest first. */
export const readOutbox = async (config: AppConfig, to: string) => {
  const dir = outboxDir(config.dataDir);
  const files = await readdir(dir).catch(() => [] as string[]);
  // Only `*.json`: a mail still being written has a hidden temporary name. File names sort in
  // the order the mails were written (time, then outbox row), even under a frozen test clock.
  const messages = await Promise.all(
    files
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse()
      .map(
        async (file) =>
          JSON.parse(await readFile(path.join(dir, file), 'utf8')) as {
            to: string;
            from: string;
            subject: string;
            text: string;
            html: string;
            createdAt: string;
          },
      ),
  );
  return messages.filter((message) => message.to === to);
};

export const VERIFY_LINK_PATTERN = /verify-email\?token=([A-Za-z0-9_-]+)/;

/** The token of the newest verification email sent to `to`. */
export const latestVerificationToken = async (ctx: TestContext, to: string) => {
  await ctx.app.mailer.flush();
  const [message] = await readOutbox(ctx.config, to);
  const token = message && VERIFY_LINK_PATTERN.exec(message.text)?.[1];
  if (!token) throw new Error(`no verification email for ${to}`);
  return token;
};

export const countRows = async (ctx: TestContext, table: string) => {
  const rows = await queryRows<{ count: number }>(
    ctx.database.db,
    sql.raw(`select count(*)::int as count from ${table}`),
  );
  return rows[0]!.count;
};

/** The ids of the accounts not deleted that hold this address (any capitalisation). */
export const activeAccounts = (ctx: TestContext, email: string) =>
  ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));

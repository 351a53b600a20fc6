import { createECDH, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_APP_NAME } from '@unimercado/shared/constants';
import { DEFAULT_CAMPUS_TIME_ZONE, resolveTimeZone } from '@unimercado/shared/format';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const STORAGE_DRIVER_NAMES = ['disk', 'postgres', 's3'] as const;

/** S3-compatible object storage (STORAGE_DRIVER=s3, decision 055). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Ceph, R2, ...); unset = AWS. */
  endpoint: string | undefined;
  /** Unset = the SDK's own chain (environment, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `host/bucket/key` addresses instead of `bucket.host/key` (most self-hosted services). */
  forcePathStyle: boolean;
  /** Put before every key (`''` or folders ending in `/`): one bucket, several deployments. */
  prefix: string;
  /** `proxy`: the app streams the file; `redirect`: a 302 to a short-lived signed URL. */
  serve: 'proxy' | 'redirect';
  signedUrlTtlSeconds: number;
};

export type StorageSettings = {
  driver: (typeof STORAGE_DRIVER_NAMES)[number];
  /** Set when S3_BUCKET is (always with driver s3; the move command may use it with others). */
  s3: S3Settings | undefined;
};

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and pub/sub channel (several deployments or test runs can share one Redis). */
  redisPrefix: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  corsOrigins: string[];
  allowedEmailDomains: string[];
  adminEmails: string[];
  appName: string;
  /** IANA time zone the dates of emails and notifications are written in (decision 050). */
  campusTimeZone: string;
  logLevel: LogLevel;
  webDistDir: string;
  /**
   * Fastify's `trustProxy`: the addresses of the proxies in front, the only ones whose
   * X-Forwarded-For entries are believed (decision 038). Never `true`: that takes the left-most
   * entry, which the client writes itself, and per-IP limits could be dodged by changing it.
   */
  trustProxy: false | string[];
  /**
   * `/metrics` (plugins/metrics.ts, decision 059): off unless a token or a port is set. With a
   * port it is served there only (on `metricsHost`); with a token, only to `Bearer <token>`.
   */
  metricsToken: string | undefined;
  metricsPort: number | undefined;
  metricsHost: string;
  /**
   * After SIGTERM/SIGINT, how long the server drains before it closes (decision 101): `/readyz`
   * answers 503 and every answer carries `Connection: close`; ends early once no connection is open.
   */
  shutdownDrainMs: number;
  /** Where photos are kept (decision 055). */
  storage: StorageSettings;
  /** WebAuthn relying party (decision 067): the domain passkeys belong to, and the page origins. */
  passkeys: { rpId: string; origins: string[] };
  /** Web push (decision 092): the VAPID key pair (base64url) and the contact push services see. */
  push: PushSettings;
};

export type PushSettings = { publicKey: string; privateKey: string; subject: string };

const MIN_SECRET_LENGTH = 32;
const VAPID_PUBLIC_KEY_BYTES = 65;
const VAPID_PRIVATE_KEY_BYTES = 32;

const isBase64UrlOfLength = (value: string, bytes: number) =>
  /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes;
const MIN_METRICS_TOKEN_LENGTH = 16;

/** The names Fastify's `trustProxy` (proxy-addr) knows for private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, an address with a prefix length (CIDR), or one of PROXY_RANGE_NAMES. */
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

const TRUST_PROXY_MESSAGES = {
  all: 'TRUST_PROXY=true creería lo que el cliente escribe en X-Forwarded-For: indica las direcciones de los proxies (p. ej. 10.0.0.5, 10.0.0.0/8 o loopback)',
  hops: 'TRUST_PROXY no acepta un número de saltos (Fastify no distingue así un proxy de un cliente que se conecta directamente): indica las direcciones de los proxies (p. ej. 10.0.0.5, 10.0.0.0/8 o loopback)',
  invalid:
    'TRUST_PROXY debe ser false o una lista de direcciones IP o redes CIDR de los proxies (también loopback, linklocal, uniquelocal)',
};

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());
const list = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
);
/** A comma-separated list of origins (`https://host[:port]`, nothing after). */
const originList = (name: string) =>
  list.pipe(
    z.array(
      z.string().refine((value) => {
        try {
          return new URL(value).origin === value;
        } catch {
          return false;
        }
      }, `${name} debe ser una lista de orígenes (https://host[:puerto]) separados por comas`),
    ),
  );
const urlWithProtocols = (protocols: string[], name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `${name} debe ser una URL ${protocols.join(' o ')}`,
      )
      .optional(),
  );

const booleanSetting = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false', '1', '0'], { error: `${name} debe ser true o false` })
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
  );

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    blankToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(blankToUndefined, z.string().trim().min(1).default('0.0.0.0')),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'PUBLIC_URL'),
  DATA_DIR: optionalString,
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'DATABASE_URL'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'REDIS_URL'),
  REDIS_PREFIX: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9:_.-]{1,40}$/, 'REDIS_PREFIX solo admite letras, números y : _ . -')
      .default('um:'),
  ),
  JWT_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .min(MIN_SECRET_LENGTH, `JWT_SECRET debe tener al menos ${MIN_SECRET_LENGTH} caracteres`)
      .optional(),
  ),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'SMTP_URL'),
  MAIL_FROM: optionalString,
  CORS_ORIGINS: originList('CORS_ORIGINS'),
  ALLOWED_EMAIL_DOMAINS: list.pipe(
    z.array(
      z
        .string()
        .transform((value) => value.toLowerCase().replace(/^@/, ''))
        .pipe(
          z
            .string()
            .regex(
              /^[a-z0-9-]+(\.[a-z0-9-]+)+$/,
              'ALLOWED_EMAIL_DOMAINS debe ser una lista de dominios separados por comas',
            ),
        ),
    ),
  ),
  ADMIN_EMAILS: list.pipe(
    z.array(
      z
        .string()
        .transform((value) => value.toLowerCase())
        .pipe(z.string().regex(/^[^\s@]+@[^\s@]+$/, 'ADMIN_EMAILS debe ser una lista de emails')),
    ),
  ),
  PASSKEY_RP_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)+)$/,
        'PASSKEY_RP_ID debe ser un dominio (p. ej. unimercado.edu.co), sin esquema ni puerto',
      )
      .optional(),
  ),
  PASSKEY_ORIGINS: originList('PASSKEY_ORIGINS'),
  APP_NAME: z.preprocess(blankToUndefined, z.string().trim().min(1).default(DEFAULT_APP_NAME)),
  CAMPUS_TIME_ZONE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(DEFAULT_CAMPUS_TIME_ZONE)
      .transform((value, ctx) => {
        const zone = resolveTimeZone(value);
        if (zone === undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `CAMPUS_TIME_ZONE debe ser una zona horaria IANA, p. ej. ${DEFAULT_CAMPUS_TIME_ZONE}`,
          });
          return z.NEVER;
        }
        return zone;
      }),
  ),
  LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).optional()),
  STORAGE_DRIVER: z.preprocess(
    blankToUndefined,
    z
      .enum(STORAGE_DRIVER_NAMES, { error: 'STORAGE_DRIVER debe ser disk, postgres o s3' })
      .default('disk'),
  ),
  S3_BUCKET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET debe ser un nombre de bucket válido')
      .optional(),
  ),
  S3_REGION: z.preprocess(blankToUndefined, z.string().trim().default('us-east-1')),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'S3_ENDPOINT'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanSetting('S3_FORCE_PATH_STYLE'),
  S3_PREFIX: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(
        /^([a-z0-9][a-z0-9_-]*\/){0,8}$/,
        'S3_PREFIX debe ser vacío o carpetas en minúsculas terminadas en / (p. ej. unimercado/)',
      )
      .default(''),
  ),
  S3_SERVE: z.preprocess(
    blankToUndefined,
    z.enum(['proxy', 'redirect'], { error: 'S3_SERVE debe ser proxy o redirect' }).default('proxy'),
  ),
  S3_SIGNED_URL_TTL: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'S3_SIGNED_URL_TTL debe ser un número de segundos' })
      .int()
      .min(60, 'S3_SIGNED_URL_TTL debe ser al menos 60 segundos')
      .max(604800, 'S3_SIGNED_URL_TTL no puede pasar de 604800 segundos (7 días)')
      .default(900),
  ),
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .min(
        MIN_METRICS_TOKEN_LENGTH,
        `METRICS_TOKEN debe tener al menos ${MIN_METRICS_TOKEN_LENGTH} caracteres`,
      )
      .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN solo admite caracteres ASCII visibles')
      .optional(),
  ),
  METRICS_PORT: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  METRICS_HOST: optionalString,
  SHUTDOWN_DRAIN_MS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'SHUTDOWN_DRAIN_MS debe ser un número de milisegundos entre 0 y 60000' })
      .int('SHUTDOWN_DRAIN_MS debe ser un número de milisegundos entre 0 y 60000')
      .min(0, 'SHUTDOWN_DRAIN_MS debe ser un número de milisegundos entre 0 y 60000')
      .max(60_000, 'SHUTDOWN_DRAIN_MS debe ser un número de milisegundos entre 0 y 60000')
      .optional(),
  ),
  WEB_DIST_DIR: optionalString,
  VAPID_PUBLIC_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        (value) => isBase64UrlOfLength(value, VAPID_PUBLIC_KEY_BYTES),
        'VAPID_PUBLIC_KEY debe ser una clave pública P-256 sin comprimir en base64url (65 bytes)',
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        (value) => isBase64UrlOfLength(value, VAPID_PRIVATE_KEY_BYTES),
        'VAPID_PRIVATE_KEY debe ser una clave privada P-256 en base64url (32 bytes)',
      )
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => {
        try {
          return ['https:', 'mailto:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, 'VAPID_SUBJECT debe ser una dirección mailto: o una URL https:')
      .optional(),
  ),
  // false (no proxy: the socket's address is the client's) or the proxies' own addresses.
  TRUST_PROXY: z
    .preprocess(blankToUndefined, z.string().trim().default('false'))
    .transform((value, ctx): AppConfig['trustProxy'] => {
      if (value.toLowerCase() === 'false' || value === '0') return false;
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
      const message =
        value.toLowerCase() === 'true' || value === '1'
          ? TRUST_PROXY_MESSAGES.all
          : /^\d+$/.test(value)
            ? TRUST_PROXY_MESSAGES.hops
            : TRUST_PROXY_MESSAGES.invalid;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }),
});

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Configuración inválida:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Pure: validates the environment and lists every problem at once. The JWT secret may still be
 * missing (development); `loadConfig` fills it from the data dir.
 */
export const parseEnv = (
  env: NodeJS.ProcessEnv,
): Omit<AppConfig, 'jwtSecret' | 'push'> & {
  jwtSecret: string | undefined;
  push: Omit<PushSettings, 'publicKey' | 'privateKey'> & {
    publicKey: string | undefined;
    privateKey: string | undefined;
  };
} => {
  const result = envSchema.safeParse(env);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`);
  // Checked apart from the schema so it is reported together with every other problem.
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET?.trim()) {
    problems.push('JWT_SECRET: JWT_SECRET es obligatorio cuando NODE_ENV=production');
  }
  if (result.success && result.data.METRICS_PORT === result.data.PORT) {
    problems.push(
      'METRICS_PORT: METRICS_PORT debe ser distinto de PORT (sin METRICS_PORT, /metrics se sirve en PORT con METRICS_TOKEN)',
    );
  }
  if (env.STORAGE_DRIVER?.trim() === 's3' && !env.S3_BUCKET?.trim()) {
    problems.push('S3_BUCKET: S3_BUCKET es obligatorio cuando STORAGE_DRIVER=s3');
  }
  if (!env.VAPID_PUBLIC_KEY?.trim() !== !env.VAPID_PRIVATE_KEY?.trim()) {
    problems.push(
      'VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY se indican juntas (o ninguna, para generarlas en DATA_DIR)',
    );
  }
  if (!env.S3_ACCESS_KEY_ID?.trim() !== !env.S3_SECRET_ACCESS_KEY?.trim()) {
    problems.push(
      'S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY se indican juntos (o ninguno, para las credenciales del entorno)',
    );
  }
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const e = result.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const isProduction = e.NODE_ENV === 'production';
  const devOrigins = isProduction ? [] : ['http://localhost:5173', 'http://127.0.0.1:5173'];
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.APP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    corsOrigins: [...new Set([...e.CORS_ORIGINS, ...devOrigins])],
    allowedEmailDomains: e.ALLOWED_EMAIL_DOMAINS,
    adminEmails: e.ADMIN_EMAILS,
    appName: e.APP_NAME,
    campusTimeZone: e.CAMPUS_TIME_ZONE,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST ?? e.HOST,
    // Behind a balancer in production; a developer's restart (tsx watch) should not wait.
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (isProduction ? 5000 : 0),
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX,
            serve: e.S3_SERVE,
            signedUrlTtlSeconds: e.S3_SIGNED_URL_TTL,
          }
        : undefined,
    },
    // Passkeys belong to PUBLIC_URL's host and are answered from the pages the app is served on
    // (its own origin and the CORS origins, e.g. Vite's in development), unless set apart.
    passkeys: {
      rpId: e.PASSKEY_RP_ID ?? new URL(publicUrl).hostname,
      origins:
        e.PASSKEY_ORIGINS.length > 0
          ? e.PASSKEY_ORIGINS
          : [...new Set([new URL(publicUrl).origin, ...e.CORS_ORIGINS, ...devOrigins])],
    },
    // Push services may write to the subject about the app's pushes: an https address of the app
    // or a mailbox (web-push accepts nothing else).
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject:
        e.VAPID_SUBJECT ??
        (publicUrl.startsWith('https:')
          ? publicUrl
          : `mailto:no-reply@${new URL(publicUrl).hostname}`),
    },
  };
};

/** Where the generated JWT secret of a data dir is kept (backups carry it). */
export const devSecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

/** Development convenience: one random secret per data dir, kept across restarts. */
export const readOrCreateDevSecret = (dataDir: string): string => {
  const file = devSecretFile(dataDir);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= MIN_SECRET_LENGTH) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
};

/** Where the generated VAPID key pair of a data dir is kept (backups carry it). */
export const vapidKeysFile = (dataDir: string) => path.join(dataDir, 'vapid-keys.json');

/** A new P-256 key pair, as web-push and browsers take it (base64url, public key uncompressed). */
export const generateVapidKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    // A key with leading zero bytes comes out shorter: web-push wants all 32.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-VAPID_PRIVATE_KEY_BYTES)
      .toString('base64url'),
  };
};

/**
 * As the JWT secret: one VAPID key pair per data dir, made on first start and kept, so the
 * browsers' subscriptions (bound to the public key) survive restarts. With several instances,
 * set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or share the data dir): each needs the same pair.
 */
export const readOrCreateVapidKeys = (dataDir: string) => {
  const file = vapidKeysFile(dataDir);
  if (existsSync(file)) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const { publicKey, privateKey } = stored;
      if (
        typeof publicKey === 'string' &&
        typeof privateKey === 'string' &&
        isBase64UrlOfLength(publicKey, VAPID_PUBLIC_KEY_BYTES) &&
        isBase64UrlOfLength(privateKey, VAPID_PRIVATE_KEY_BYTES)
      ) {
        return { publicKey, privateKey };
      }
    } catch {
      // Unreadable: made again below (subscriptions made with the old key stop working).
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = parseEnv(env);
  const { publicKey, privateKey, subject } = parsed.push;
  return {
    ...parsed,
    jwtSecret: parsed.jwtSecret ?? readOrCreateDevSecret(parsed.dataDir),
    push:
      publicKey && privateKey
        ? { publicKey, privateKey, subject }
        : { ...readOrCreateVapidKeys(parsed.dataDir), subject },
  };
};

/** The optional settings file of a checkout, as in .env.example. */
export const DOT_ENV_FILE = path.join(REPO_ROOT, '.env');

/**
 * Reads a `.env` file into process.env when it exists (Node's own parser). Variables already set
 * in the real environment win: a deployment's settings are never overridden by a stray file.
 */
export const loadDotEnvFile = (file = DOT_ENV_FILE) => {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
};

/**
 * For entry points (server, CLI): reads `.env` at the repository root when present, then the
 * environment; a configuration problem is printed (every problem listed) and exits 1.
 */
export const loadConfigOrExit = (): AppConfig => {
  try {
    loadDotEnvFile();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};

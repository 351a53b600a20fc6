import path from 'node:path';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDotEnvFile, parseEnv, readOrCreateDevSecret } from './env';
import { REPO_ROOT } from './paths';

describe('parseEnv', () => {
  it('has working defaults for a fresh machine', () => {
    const config = parseEnv({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.appName).toBe('UniMercado');
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.webDistDir).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.allowedEmailDomains).toEqual([]);
    expect(config.mailFrom).toBe('UniMercado <no-reply@localhost>');
    expect(config.campusTimeZone).toBe('America/Bogota');
    expect(config.storage).toEqual({ driver: 'disk', s3: undefined });
  });

  it('reads listing expiry and course settings (decisions 094, 095)', () => {
    const defaults = parseEnv({});
    expect(defaults.listings).toEqual({ ttlDays: 60, reminderDays: 3 });
    expect(defaults.courses.known).toEqual([]);
    expect(new RegExp(defaults.courses.pattern, 'u').test('MAT101')).toBe(true);
    expect(new RegExp(defaults.courses.pattern, 'u').test('HOLA MUNDO')).toBe(false);
    expect(defaults.testHooks).toBe(false);
    const dir = mkdtempSync(path.join(tmpdir(), 'um-courses-'));
    const file = path.join(dir, 'courses.txt');
    writeFileSync(file, '# Ingeniería\nisis-1105\nMATE-1203, FISI-1018 # física\n');
    const custom = parseEnv({
      LISTING_TTL_DAYS: '30',
      LISTING_EXPIRY_REMINDER_DAYS: '5',
      COURSE_CODE_PATTERN: '^[A-Z]{4}-[0-9]{4}$',
      COURSE_CODES: 'ADMI-1101',
      COURSE_CODES_FILE: file,
    });
    expect(custom.listings).toEqual({ ttlDays: 30, reminderDays: 5 });
    expect(custom.courses.known).toEqual(['ADMI-1101', 'FISI-1018', 'ISIS-1105', 'MATE-1203']);
    expect(() => parseEnv({ LISTING_TTL_DAYS: '5', LISTING_EXPIRY_REMINDER_DAYS: '5' })).toThrow(
      /LISTING_EXPIRY_REMINDER_DAYS debe ser menor que LISTING_TTL_DAYS/,
    );
    expect(() => parseEnv({ LISTING_TTL_DAYS: 'sesenta' })).toThrow(/LISTING_TTL_DAYS/);
    expect(() => parseEnv({ COURSE_CODE_PATTERN: '([A-Z' })).toThrow(
      /COURSE_CODE_PATTERN debe ser una expresión regular válida/,
    );
    expect(() => parseEnv({ COURSE_CODES: 'MAT101,no vale' })).toThrow(
      /no cumplen COURSE_CODE_PATTERN: NO VALE/,
    );
    expect(() => parseEnv({ COURSE_CODES_FILE: path.join(dir, 'missing.txt') })).toThrow(
      /no se pudo leer COURSE_CODES_FILE/,
    );
    expect(parseEnv({ TEST_HOOKS: '1' }).testHooks).toBe(true);
    expect(() =>
      parseEnv({ TEST_HOOKS: '1', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }),
    ).toThrow(/TEST_HOOKS no se permite con NODE_ENV=production/);
  });

  it('reads the photo storage settings and refuses incomplete S3 ones (decision 055)', () => {
    expect(parseEnv({ STORAGE_DRIVER: 'postgres' }).storage.driver).toBe('postgres');
    const s3 = parseEnv({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'um-photos',
      S3_ENDPOINT: 'https://s3.campus.example',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'unimercado/',
      S3_SERVE: 'redirect',
      S3_SIGNED_URL_TTL: '600',
    }).storage;
    expect(s3).toEqual({
      driver: 's3',
      s3: {
        bucket: 'um-photos',
        region: 'us-east-1',
        endpoint: 'https://s3.campus.example',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        prefix: 'unimercado/',
        serve: 'redirect',
        signedUrlTtlSeconds: 600,
      },
    });
    const problemsOf = (env: NodeJS.ProcessEnv) => {
      try {
        parseEnv(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problemsOf({ STORAGE_DRIVER: 's3' }).join()).toContain('S3_BUCKET es obligatorio');
    const all = problemsOf({
      STORAGE_DRIVER: 'ftp',
      S3_BUCKET: 'Bad_Bucket',
      S3_ENDPOINT: 'ftp://x',
      S3_ACCESS_KEY_ID: 'only-the-id',
      S3_FORCE_PATH_STYLE: 'yes',
      S3_PREFIX: '../other/',
      S3_SERVE: 'direct',
      S3_SIGNED_URL_TTL: '5',
    }).join('\n');
    for (const name of [
      'STORAGE_DRIVER',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_FORCE_PATH_STYLE',
      'S3_PREFIX',
      'S3_SERVE',
      'S3_SIGNED_URL_TTL',
    ]) {
      expect(all).toContain(name);
    }
  });

  it('takes the campus time zone in the spelling Intl knows and refuses an unknown one', () => {
    expect(parseEnv({ CAMPUS_TIME_ZONE: 'america/lima' }).campusTimeZone).toBe('America/Lima');
    expect(parseEnv({ CAMPUS_TIME_ZONE: ' ' }).campusTimeZone).toBe('America/Bogota');
    expect(() => parseEnv({ CAMPUS_TIME_ZONE: 'Bogota' })).toThrow(
      'CAMPUS_TIME_ZONE: CAMPUS_TIME_ZONE debe ser una zona horaria IANA, p. ej. America/Bogota',
    );
  });

  it("TRUST_PROXY takes the proxies' addresses, never true or a hop count (decision 038)", () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true creería lo que el cliente escribe/,
    );
    expect(() => parseEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY=true creería/);
    expect(() => parseEnv({ TRUST_PROXY: '2' })).toThrow(/no acepta un número de saltos/);
    for (const value of ['10.0.0.0/33', 'proxy.local', '10.0.0.5,', '300.1.1.1']) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY debe ser false/);
    }
  });

  it('resolves DATA_DIR against the repository root, not the working directory', () => {
    expect(parseEnv({ DATA_DIR: './somewhere' }).dataDir).toBe(path.join(REPO_ROOT, 'somewhere'));
    expect(parseEnv({ DATA_DIR: '/abs/dir' }).dataDir).toBe('/abs/dir');
  });

  it('derives PUBLIC_URL from PORT and parses the lists', () => {
    const config = parseEnv({
      PORT: '8080',
      ALLOWED_EMAIL_DOMAINS: ' Uni.edu.co, @campus.edu ',
      ADMIN_EMAILS: 'Boss@Uni.edu.co',
      CORS_ORIGINS: 'https://app.example.com',
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.allowedEmailDomains).toEqual(['uni.edu.co', 'campus.edu']);
    expect(config.adminEmails).toEqual(['boss@uni.edu.co']);
    expect(config.corsOrigins).toEqual(['https://app.example.com']);
  });

  it('derives the passkeys relying party from PUBLIC_URL unless set apart (decision 067)', () => {
    const derived = parseEnv({
      PUBLIC_URL: 'https://mercado.uni.edu.co/',
      CORS_ORIGINS: 'https://app.uni.edu.co',
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(derived.passkeys).toEqual({
      rpId: 'mercado.uni.edu.co',
      origins: ['https://mercado.uni.edu.co', 'https://app.uni.edu.co'],
    });
    const set = parseEnv({
      PUBLIC_URL: 'http://127.0.0.1:3000',
      PASSKEY_RP_ID: ' Uni.edu.co ',
      PASSKEY_ORIGINS: 'https://a.uni.edu.co, https://b.uni.edu.co',
    });
    expect(set.passkeys).toEqual({
      rpId: 'uni.edu.co',
      origins: ['https://a.uni.edu.co', 'https://b.uni.edu.co'],
    });
    expect(() => parseEnv({ PASSKEY_RP_ID: 'https://uni.edu.co' })).toThrow(/PASSKEY_RP_ID/);
    expect(() => parseEnv({ PASSKEY_ORIGINS: 'https://uni.edu.co/login' })).toThrow(
      /PASSKEY_ORIGINS/,
    );
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      parseEnv({
        NODE_ENV: 'production',
        PORT: 'abc',
        DATABASE_URL: 'mysql://nope',
        SMTP_URL: 'not a url',
        LOG_LEVEL: 'chatty',
        CORS_ORIGINS: 'https://ok.example, not-an-origin',
        CAMPUS_TIME_ZONE: 'Mars/Olympus',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'SMTP_URL',
      'LOG_LEVEL',
      'CORS_ORIGINS',
      'CAMPUS_TIME_ZONE',
      'JWT_SECRET',
    ]) {
      expect(problems).toContain(name);
    }
    expect((error as ConfigError).problems.length).toBeGreaterThanOrEqual(7);
  });

  it('requires a long JWT_SECRET in production only', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => parseEnv({ NODE_ENV: 'development' })).not.toThrow();
  });
});

describe('development JWT secret', () => {
  it('is generated once, kept in the data dir with private permissions and reused', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'um-secret-'));
    const first = readOrCreateDevSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readOrCreateDevSecret(dataDir)).toBe(first);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });
});

describe('.env file', () => {
  it('is read when present, and the real environment wins', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'um-dotenv-'));
    const file = path.join(dir, '.env');
    writeFileSync(
      file,
      'APP_NAME="Mercado del archivo"\nUM_TEST_DOTENV_ONLY=desde-archivo\nLOG_LEVEL=debug\n',
    );
    const saved = { ...process.env };
    try {
      delete process.env.APP_NAME;
      delete process.env.UM_TEST_DOTENV_ONLY;
      process.env.LOG_LEVEL = 'warn';
      expect(loadDotEnvFile(file)).toBe(true);
      const config = loadConfig({ ...process.env, DATA_DIR: dir, JWT_SECRET: undefined });
      expect(config.appName).toBe('Mercado del archivo');
      expect(process.env.UM_TEST_DOTENV_ONLY).toBe('desde-archivo');
      // Set in the environment before the file was read: the environment's value stays.
      expect(config.logLevel).toBe('warn');
      expect(loadDotEnvFile(path.join(dir, 'missing.env'))).toBe(false);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});

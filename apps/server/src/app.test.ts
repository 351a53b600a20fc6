import { connect, type AddressInfo } from 'node:net';
import { isErrorBody } from '@unimercado/shared/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoggerOptions } from './lib/logger';
import type { DatabaseHandle } from './db/client';
import {
  bearer,
  createAccount,
  countRows,
  createTestApp,
  testConfig,
  type Account,
  type TestContext,
} from './test/helpers';

describe('foundation: health, errors, security headers, docs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('GET /healthz answers 200 ok', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database responds', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('unknown /api paths answer a JSON 404 in the contract shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        error: 'La ruta solicitada no existe.',
        message: 'La ruta solicitada no existe.',
        code: 'NOT_FOUND',
      });
    }
  });

  it('sends pages a strict CSP and the other helmet headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self' ws://localhost:3000");
    expect(csp).not.toMatch(/connect-src[^;]*\bwss?:(?!\/\/)/);
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Swagger UI is a page too.
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends data (API answers, errors, health checks) headers that let nothing load, run or frame it', async () => {
    for (const url of ['/healthz', '/api/categories', '/api/does-not-exist', '/api/users/me']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-request-id'], url).toBeTruthy();
      // Page-only headers stay off data.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
  });

  it('honours a sane x-request-id and generates one otherwise', async () => {
    const given = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const bogus = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(bogus.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('malformed JSON, wrong content type and huge bodies are 4xx with the error body', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(isErrorBody(malformed.json())).toBe(true);

    const wrongType = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });

    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('treats an empty JSON body as no body, as clients that always send the header expect', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email?token=unknown-token',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOKEN_INVALID' });

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'VALIDATION_ERROR' });

    const poisoned = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}, "email": "a@b.co", "password": "x"}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses NUL characters anywhere in the request with a 400, creating nothing', async () => {
    const account = await createAccount(ctx);
    const before = await countRows(ctx, 'users');
    const requests = [
      {
        method: 'POST' as const,
        url: '/api/users',
        payload: {
          name: 'Ana\u0000',
          email: 'nul@uni.edu',
          password: 'secreto1',
          confirmPassword: 'secreto1',
        },
      },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: { email: 'a\u0000@uni.edu', password: 'secreto1' },
      },
      { method: 'POST' as const, url: '/api/auth/resend-verification?email=a%00@uni.edu' },
      {
        method: 'PUT' as const,
        url: `/api/users/${account.user.id}`,
        headers: bearer(account.token),
        payload: { name: 'x', email: account.email, extra: { deep: ['\u0000'] } },
      },
    ];
    for (const request of requests) {
      const res = await ctx.app.inject(request);
      expect(res.statusCode, request.url).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'La solicitud contiene caracteres no válidos.',
        code: 'VALIDATION_ERROR',
      });
    }
    expect(await countRows(ctx, 'users')).toBe(before);
    // The details point at the value.
    const deep = await ctx.app.inject(requests[3]!);
    expect(deep.json()).toMatchObject({ details: { in: 'body', path: '/extra/deep/0' } });
    const inQuery = await ctx.app.inject(requests[2]!);
    expect(inQuery.json()).toMatchObject({ details: { in: 'querystring', path: '/email' } });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${account.user.id}`,
      headers: bearer(account.token),
    });
    expect(profile.json()).toMatchObject({ name: account.user.name });
  });

  it('CORS allows the configured dev origin with credentials and refuses others', async () => {
    const allowed = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/categories',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('CORS: preflights answered before authentication, answers vary by Origin', async () => {
    const origin = 'http://localhost:5173';
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/users/1',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-max-age': '600',
      'content-length': '0',
    });
    expect(preflight.headers.vary).toContain('Origin');
    expect(preflight.headers['x-content-type-options']).toBe('nosniff');

    const refused = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/categories',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();

    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { origin },
    });
    expect(read.headers).toMatchObject({
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'X-Total-Count, Retry-After, X-Request-Id',
    });
    const sameOrigin = await ctx.app.inject({ method: 'GET', url: '/api/categories' });
    expect(sameOrigin.headers.vary).toContain('Origin');
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves OpenAPI and Swagger UI under /api/docs', async () => {
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/users/{id}', '/api/categories']),
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('errors raised before a route runs keep the contract body', () => {
  let ctx: TestContext;
  let address: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  const expectContractBody = async (res: Response, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { error: string; message: string; code: string };
    expect(body.code).toBe(code);
    expect(body.message).toBe(body.error);
    expect(body.error).toMatch(/[a-z]/);
    expect(isErrorBody(body)).toBe(true);
  };

  it('431 for oversized headers or an oversized query string', async () => {
    await expectContractBody(
      await fetch(`${address}/api/categories`, { headers: { 'x-big': 'a'.repeat(20_000) } }),
      431,
      'HEADERS_TOO_LARGE',
    );
    await expectContractBody(
      await fetch(`${address}/api/categories?q=${'a'.repeat(20_000)}`),
      431,
      'HEADERS_TOO_LARGE',
    );
  });

  it('400 for a malformed percent-encoding and 414 for an overlong path parameter', async () => {
    await expectContractBody(await fetch(`${address}/api/users/%E0%A4%A`), 400, 'BAD_REQUEST');
    await expectContractBody(
      await fetch(`${address}/api/users/${'1'.repeat(200)}`),
      414,
      'URI_TOO_LONG',
    );
  });

  it('a preflight without Origin or method is a 400 with the contract body', async () => {
    await expectContractBody(
      await fetch(`${address}/api/categories`, {
        method: 'OPTIONS',
        headers: { 'access-control-request-method': 'GET' },
      }),
      400,
      'BAD_REQUEST',
    );
    await expectContractBody(
      await fetch(`${address}/api/categories`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173' },
      }),
      400,
      'BAD_REQUEST',
    );
  });

  it('413 and 415 carry message too', async () => {
    await expectContractBody(
      await fetch(`${address}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(2 * 1024 * 1024),
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    await expectContractBody(
      await fetch(`${address}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: '<login/>',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });
});

describe('logging a failed query', () => {
  it('answers a bare 500 and logs the SQL and the database code, never the bound values', async () => {
    const lines: string[] = [];
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LWhhc2g';
    const ctx = await createTestApp({
      logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
      configure: (app) => {
        app.get('/api/test/failing-query', async () => {
          await app.db.execute(sql`select * from no_such_table where secret = ${secret}`);
          return {};
        });
      },
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/test/failing-query' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('no_such_table');
      const log = lines.join('');
      expect(log).toContain('unhandled error');
      expect(log).toContain('no_such_table');
      expect(log).toContain('42P01');
      expect(log).not.toContain(secret);
      expect(log).not.toContain('c2VjcmV0LWhhc2g');
    } finally {
      await ctx.close();
    }
  });
});

describe('request log', () => {
  it('writes one line per request, with token values and credentials hidden', async () => {
    const lines: string[] = [];
    const ctx = await createTestApp({
      logger: {
        ...(defaultLoggerOptions(testConfig()) as object),
        level: 'info',
        stream: { write: (line: string) => void lines.push(line) },
      },
    });
    try {
      const requestIds: unknown[] = [];
      for (const url of [
        '/api/auth/verify-email?token=secreto-uno',
        '/api/auth/verify-email?%74oken=secreto-dos',
      ]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { authorization: 'Bearer secreto-tres', 'content-type': 'application/json' },
          payload: '',
        });
        requestIds.push(res.headers['x-request-id']);
      }
      const requestLines = lines
        .map(
          (line) =>
            JSON.parse(line) as {
              msg: string;
              reqId: string;
              req?: { url: string };
              res?: unknown;
            },
        )
        .filter((entry) => entry.req);
      expect(requestLines).toHaveLength(2);
      // Each line names its request, as the answer's X-Request-Id does.
      expect(requestLines.map((entry) => entry.reqId)).toEqual(requestIds);
      expect(requestLines[0]).toMatchObject({
        msg: 'request completed',
        req: { url: '/api/auth/verify-email?token=[redacted]' },
        res: { statusCode: 400 },
      });
      expect(requestLines[1]?.req?.url).toBe('/api/auth/verify-email?%74oken=[redacted]');
      const log = lines.join('');
      expect(log).not.toMatch(/secreto-(uno|dos|tres)/);
    } finally {
      await ctx.close();
    }
  });
});

describe('categories and roles', () => {
  let ctx: TestContext;
  let user: Account;
  let admin: Account;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createAccount(ctx);
    admin = await createAccount(ctx, { admin: true });
  });
  afterAll(() => ctx.close());

  it('GET /api/categories is public and lists the seeded Spanish categories', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/categories' });
    expect(anonymous.statusCode).toBe(200);
    const names = anonymous.json<{ id: number; name: string }[]>().map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Libros y apuntes', 'Electrónica', 'Muebles', 'Ropa', 'Deporte']),
    );
    expect(names.length).toBeGreaterThanOrEqual(12);
    const signedIn = await ctx.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: bearer(user.token),
    });
    expect(signedIn.json()).toEqual(anonymous.json());
    // A spec client sends "Bearer null" when signed out: still anonymous, still 200.
    const bearerNull = await ctx.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { authorization: 'Bearer null' },
    });
    expect(bearerNull.statusCode).toBe(200);
  });

  it('GET /api/roles: 401 anonymous, 403 user, 200 admin', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/roles' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: { authorization: `Bearer ${user.token.slice(0, -3)}abc` },
    });
    expect(forged.statusCode).toBe(401);
    const asUser = await ctx.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: bearer(user.token),
    });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(isErrorBody(asUser.json())).toBe(true);
    const asAdmin = await ctx.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: bearer(admin.token),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<{ name: string }[]>().map((r) => r.name)).toEqual([
      'ROLE_USER',
      'ROLE_ADMIN',
    ]);
  });
});

describe('readiness when the database is down', () => {
  it('GET /readyz answers 503 SERVICE_UNAVAILABLE', async () => {
    let broken = false;
    const ctx = await createTestApp();
    const failing: DatabaseHandle = {
      ...ctx.database,
      ping: () => (broken ? Promise.reject(new Error('down')) : ctx.database.ping()),
    };
    const other = await createTestApp({ database: failing });
    broken = true;
    const res = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await other.close();
    await ctx.close();
  });
});

describe('paths that are not pages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  // Serving the built web app (pages, assets, the configured name) is tested in
  // plugins/web.test.ts against a build of the shape Vite writes (decision 045).
  it('keeps JSON 404s for /api and never falls back for /uploads or /ws', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const uploads = await ctx.app.inject({ method: 'GET', url: '/uploads/x.webp' });
    expect(uploads.statusCode).toBe(404);
  });
});

describe('graceful shutdown', () => {
  /** The app with a route that answers 300 ms after it starts; `started` resolves then. */
  const appWithSlowRoute = async () => {
    let markStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const ctx = await createTestApp({
      configure: (app) => {
        app.get('/api/_probe/slow', async () => {
          markStarted();
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { done: true };
        });
      },
    });
    return { ctx, started };
  };

  it('finishes in-flight requests before closing', async () => {
    const { ctx, started } = await appWithSlowRoute();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/_probe/slow`);
    // Closing starts while the request is being handled (one arriving later gets a 503).
    await started;
    const closing = ctx.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
  });

  it('answers a keep-alive client in flight in full, then closes its connection, and closes promptly', async () => {
    const { ctx, started } = await appWithSlowRoute();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    // A client that keeps its connection (HTTP/1.1): one quick request answered before closing,
    // then a slow one that is in flight when closing starts.
    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('latin1');
    let received = '';
    let endedAt: number | undefined;
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) =>
      socket.on('end', () => {
        endedAt = Date.now();
        resolve();
      }),
    );
    const ask = (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const waitFor = async (text: string) => {
      while (!received.includes(text)) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    try {
      ask('/healthz');
      await waitFor('{"status":"ok"}');
      expect(received).toMatch(/^HTTP\/1\.1 200[^]*connection: keep-alive/i);
      received = '';
      ask('/api/_probe/slow');
      await started;
      const startedClosing = Date.now();
      const closing = ctx.close();
      await ended;
      // The answer in flight came whole, and then the server closed the connection.
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(received.endsWith('{"done":true}')).toBe(true);
      await closing;
      // Nothing waited for the kept-alive connection to time out.
      expect(endedAt! - startedClosing).toBeLessThan(2000);
      expect(Date.now() - startedClosing).toBeLessThan(2000);
      // Closed: a new connection is refused.
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      socket.destroy();
    }
  });
});

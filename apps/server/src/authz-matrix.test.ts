import { isErrorBody } from '@unimercado/shared/errors';
import { ROLE_USER } from '@unimercado/shared/constants';
import { DESTINATIONS } from '@unimercado/shared/chat';
import { encodeFrame } from '@unimercado/shared/stomp';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetupSpots, notifications, passkeys, roles, savedSearches } from './db/schema';
import {
  CALLERS,
  COVERED_ELSEWHERE,
  HTTP_MATRIX,
  STOMP_MATRIX,
  type Caller,
  type HttpRow,
  type StompOutcome,
  type StompRow,
} from './test/authz-matrix';
import {
  bearer,
  createAccount,
  uniqueEmail,
  type Account,
  type TestContext,
  createTestApp,
} from './test/helpers';
import {
  createProduct,
  firstCategoryId,
  makeJpeg,
  multipartBody,
  uploadPhotos,
} from './test/products';
import { listenForSockets, openRawSocket } from './test/stomp';
import { makeOffer } from './test/trade';
import { checkReliabilityCount } from './test/reliability-doc';

/**
 * The authorization matrix (issue 22): every cell of test/authz-matrix.ts, on the run's database
 * (the CI runs the suite on PGlite and on PostgreSQL). `AUTHZ_MATRIX_PRINT=1` prints the answers
 * the server gives, in the table's shape, for writing a new route's row.
 */

type Cast = Record<Exclude<Caller, 'anonymous'>, Account> & { buyer: Account };

const createCast = async (ctx: TestContext): Promise<Cast> => ({
  unverified: await createAccount(ctx, { name: 'Sin Verificar' }),
  owner: await createAccount(ctx, { verified: true, name: 'Dueña Recurso' }),
  other: await createAccount(ctx, { verified: true, name: 'Otra Persona' }),
  admin: await createAccount(ctx, { verified: true, admin: true, name: 'Admin Campus' }),
  buyer: await createAccount(ctx, { verified: true, name: 'Compradora' }),
});

/**
 * Fastify's own route list (hidden routes included) as `METHOD path`, HEAD left out: collected
 * with Fastify's `onRoute` hook as the app registers its routes.
 */
const collectRoutes = () => {
  const routes = new Set<string>();
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
    }
  };
  return { routes, onRoute };
};

/** The OpenAPI document's operations in Fastify's spelling (`{id}` → `:id`). */
const documentedRoutes = (ctx: TestContext) => {
  const document = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map(
      (method) => `${method.toUpperCase()} ${path.replaceAll(/\{(\w+)\}/g, ':$1')}`,
    ),
  );
};

type World = Record<string, string | number>;

/** The resources a cell's URL and body name, made fresh for that cell. */
const prepareWorld = async (ctx: TestContext, cast: Cast, text: string): Promise<World> => {
  const uses = (name: string) => text.includes(`{${name}}`);
  const world: World = {
    owner: cast.owner.user.id,
    ownerEmail: cast.owner.email,
    unverifiedEmail: cast.unverified.email,
    buyer: cast.buyer.user.id,
    newEmail: uniqueEmail('nueva'),
  };
  if (uses('category')) world.category = await firstCategoryId(ctx);
  if (uses('photo')) {
    const [url] = await uploadPhotos(ctx, cast.owner.token);
    world.photo = new URL(url!, 'http://localhost').pathname;
  }
  if (uses('passkey')) {
    const [passkey] = await ctx.database.db
      .insert(passkeys)
      .values({
        userId: cast.owner.user.id,
        credentialId: `matrix-${Math.random().toString(36).slice(2)}`,
        publicKey: new Uint8Array([1, 2, 3]),
        name: 'Llave de la matriz',
      })
      .returning({ id: passkeys.id });
    world.passkey = passkey!.id;
  }
  if (uses('savedSearch')) {
    const [search] = await ctx.database.db
      .insert(savedSearches)
      .values({
        userId: cast.owner.user.id,
        name: 'calculadora',
        search: 'calculadora',
        criteriaKey: `matrix-${Math.random().toString(36).slice(2)}`,
      })
      .returning({ id: savedSearches.id });
    world.savedSearch = search!.id;
  }
  if (uses('roleUser')) {
    const [role] = await ctx.database.db.select().from(roles).where(eq(roles.name, ROLE_USER));
    world.roleUser = role!.id;
  }
  if (uses('product') || uses('offer') || uses('notification')) {
    const product = await createProduct(ctx, cast.owner);
    const offer = await makeOffer(ctx, cast.buyer, product, 20);
    world.product = product.id;
    world.offer = offer.id;
    const [notification] = await ctx.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, cast.owner.user.id));
    world.notification = notification!.id;
  }
  if (uses('spot') || uses('meetup') || uses('tomorrow')) {
    const [spot] = await ctx.database.db
      .insert(meetupSpots)
      .values({
        name: `Punto de la matriz ${Math.random().toString(36).slice(2)}`,
        area: 'Biblioteca',
        openingHours: 'Lunes a viernes',
      })
      .returning({ id: meetupSpots.id });
    world.spot = spot!.id;
    world.tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  }
  if (uses('bought') || uses('handoff') || uses('meetup')) {
    const product = await createProduct(ctx, cast.buyer);
    const offer = await makeOffer(ctx, cast.owner, product, 20);
    const accepted = await ctx.app.inject({
      method: 'PUT',
      url: `/api/sales/${offer.id}/accept`,
      headers: bearer(cast.buyer.token),
    });
    if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
    world.bought = product.id;
    world.handoff = offer.id;
  }
  if (uses('meetup')) {
    // Proposed by the hand-off's seller: the owner (its buyer) is the one who answers.
    const proposed = await ctx.app.inject({
      method: 'POST',
      url: `/api/handoffs/${world.handoff}/meetups`,
      headers: bearer(cast.buyer.token),
      payload: { spotId: world.spot, startsAt: world.tomorrow },
    });
    if (proposed.statusCode !== 201) throw new Error(`proposal failed: ${proposed.body}`);
    world.meetup = proposed.json<{ id: number }>().id;
  }
  return world;
};

const fill = (text: string, world: World) =>
  text.replaceAll(/\{(\w+)\}/g, (whole, name: string) =>
    world[name] === undefined ? whole : String(world[name]),
  );

/** A JSON value with its placeholders filled; `'{id}'` alone becomes the number. */
const fillValue = (value: unknown, world: World): unknown => {
  if (typeof value === 'string') {
    const exact = /^\{(\w+)\}$/.exec(value)?.[1];
    if (exact && typeof world[exact] === 'number') return world[exact];
    return fill(value, world);
  }
  if (Array.isArray(value)) return value.map((item) => fillValue(item, world));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillValue(v, world)]));
  }
  return value;
};

let photo: Buffer | undefined;

/**
 * The admin's real token with what an attacker can change: its signature replaced, or its header
 * saying `alg: none` with no signature at all.
 */
const forgedTokens = (adminToken: string) => {
  const [, payload] = adminToken.split('.');
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  return {
    'a replaced signature': `${adminToken.slice(0, adminToken.lastIndexOf('.'))}.${'A'.repeat(43)}`,
    'alg none': `${none}.${payload}.`,
  };
};

const callCell = async (
  ctx: TestContext,
  cast: Cast,
  row: HttpRow,
  caller: Caller,
  forgedToken?: string,
) => {
  const world = await prepareWorld(ctx, cast, row.url + JSON.stringify(row.body ?? null));
  const [method] = row.route.split(' ');
  const auth =
    forgedToken !== undefined
      ? bearer(forgedToken)
      : caller === 'anonymous'
        ? {}
        : bearer(cast[caller].token);
  if (row.body === 'photo') {
    photo ??= await makeJpeg({ width: 320, height: 240 });
    const form = multipartBody([{ filename: 'foto.jpg', data: photo }]);
    return ctx.app.inject({
      method: method as 'POST',
      url: fill(row.url, world),
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
  }
  return ctx.app.inject({
    method: method as 'GET',
    url: fill(row.url, world),
    headers: auth,
    ...(row.body === undefined
      ? {}
      : {
          payload: JSON.stringify(fillValue(row.body, world)),
          headers: { ...auth, 'content-type': 'application/json' },
        }),
  });
};

/** Sends one frame of a STOMP row as `caller` on a new connection; answers what came back. */
const stompCell = async (
  wsUrl: string,
  cast: Cast,
  row: StompRow,
  caller: Caller,
): Promise<StompOutcome> => {
  const socket = await openRawSocket(wsUrl);
  try {
    const world: World = {
      owner: cast.owner.user.id,
      ownerEmail: cast.owner.email,
      buyer: cast.buyer.user.id,
    };
    const account = caller === 'anonymous' ? undefined : cast[caller];
    const connect = (headers: Record<string, string>) =>
      socket.socket.send(
        encodeFrame({
          command: 'CONNECT',
          headers: { 'accept-version': '1.2', host: 'localhost', ...headers },
          body: '',
        }),
      );
    const outcome = async (receipt: string): Promise<StompOutcome> => {
      const found = await socket.waitFor(
        new RegExp(
          `^(ERROR|CONNECTED|RECEIPT\\n[^]*receipt-id:${receipt}|MESSAGE\\n[^]*"receiptId":"${receipt}")`,
        ),
      );
      if (found.startsWith('ERROR')) return 'error';
      if (found.startsWith('MESSAGE')) return 'refused';
      return 'ok';
    };
    if (row.frame === 'CONNECT') {
      connect(account ? { Authorization: `Bearer ${account.token}` } : {});
      return await outcome('none');
    }
    if (account) {
      connect({ Authorization: `Bearer ${account.token}` });
      await socket.waitFor(/^CONNECTED/);
      if (row.frame === 'SEND') {
        socket.socket.send(
          encodeFrame({
            command: 'SUBSCRIBE',
            headers: { id: 'errors', destination: DESTINATIONS.userErrors, receipt: 'errors' },
            body: '',
          }),
        );
        await socket.waitFor(/^RECEIPT\n[^]*receipt-id:errors/);
      }
    }
    // Only what answers this frame counts (not the CONNECTED before it).
    socket.received.length = 0;
    const receipt = `cell-${Math.random().toString(36).slice(2)}`;
    const destination = fill(row.destination ?? '', world);
    socket.socket.send(
      encodeFrame({
        command: row.frame,
        headers: {
          destination,
          receipt,
          ...(row.frame === 'SUBSCRIBE'
            ? { id: 'sub-cell' }
            : { 'content-type': 'application/json' }),
        },
        body: row.body === undefined ? '' : JSON.stringify(fillValue(row.body, world)),
      }),
    );
    return await outcome(receipt);
  } finally {
    socket.socket.close();
    await socket.closed;
  }
};

const PRINT = process.env.AUTHZ_MATRIX_PRINT === '1';

describe('authorization matrix', () => {
  let ctx: TestContext;
  let cast: Cast;
  const registered = collectRoutes();
  beforeAll(async () => {
    // Every optional route present: /metrics exists only with METRICS_TOKEN (on the app's port).
    ctx = await createTestApp({
      config: { metricsToken: 'matrix-metrics-token-0123456789' },
      onRoute: registered.onRoute,
    });
    cast = await createCast(ctx);
  });
  afterAll(() => ctx.close());
  let listening: Promise<string> | undefined;
  /** The app listens once, on an ephemeral port, for the tests that open sockets. */
  const socketsUrl = () => (listening ??= listenForSockets(ctx.app).then(({ wsUrl }) => wsUrl));

  it('lists every route the server answers and every route of the OpenAPI document', () => {
    const listed = new Set([
      ...HTTP_MATRIX.map((row) => row.route),
      ...COVERED_ELSEWHERE.map((row) => row.route),
    ]);
    const { routes } = registered;
    const missing = [...routes, ...documentedRoutes(ctx)].filter((route) => !listed.has(route));
    expect(missing, 'routes missing from src/test/authz-matrix.ts').toEqual([]);
    const stale = [...listed].filter((route) => !routes.has(route));
    expect(stale, 'rows of src/test/authz-matrix.ts for routes that no longer exist').toEqual([]);
    expect(new Set(HTTP_MATRIX.map((row) => row.route)).size).toBe(HTTP_MATRIX.length);
  });

  it('lists every STOMP destination, in both forms', () => {
    const destinations = new Set(STOMP_MATRIX.map((row) => row.destination).filter(Boolean));
    for (const destination of Object.values(DESTINATIONS)) {
      expect(destinations, destination).toContain(destination);
      if (destination.startsWith('/user/queue/')) {
        const named = [...destinations].some((listed) =>
          new RegExp(`^/user/\\{\\w+\\}/queue/${destination.split('/').at(-1)}$`).test(listed!),
        );
        expect(named, `${destination} in the /user/{username}/ form`).toBe(true);
      }
    }
  });

  it('every HTTP cell answers as the table says', async () => {
    const mismatches: string[] = [];
    const printed: string[] = [];
    for (const row of HTTP_MATRIX) {
      const answers: number[] = [];
      for (const [index, caller] of CALLERS.entries()) {
        const rowCast = row.freshAccounts ? await createCast(ctx) : cast;
        const res = await callCell(ctx, rowCast, row, caller);
        answers.push(res.statusCode);
        const expected = row.expect[index];
        if (res.statusCode !== expected) {
          mismatches.push(
            `${row.route} as ${caller}: ${res.statusCode}, expected ${expected} ${res.body.slice(0, 160)}`,
          );
        }
        if (res.statusCode >= 400 && !isErrorBody(res.json())) {
          mismatches.push(`${row.route} as ${caller}: ${res.statusCode} without the error body`);
        }
      }
      printed.push(`${row.route}: [${answers.join(', ')}]`);
    }
    if (PRINT) console.log(printed.join('\n'));
    expect(mismatches).toEqual([]);
  }, 240_000);

  it('a forged admin token gets what anonymous gets, on every route', async () => {
    const mismatches: string[] = [];
    for (const [forgery, token] of Object.entries(forgedTokens(cast.admin.token))) {
      for (const row of HTTP_MATRIX) {
        const rowCast = row.freshAccounts ? await createCast(ctx) : cast;
        const res = await callCell(ctx, rowCast, row, 'anonymous', token);
        if (res.statusCode !== row.expect[0]) {
          mismatches.push(
            `${row.route} with ${forgery}: ${res.statusCode}, anonymous gets ${row.expect[0]}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 240_000);

  it('a forged admin token cannot open a STOMP session', async () => {
    const wsUrl = await socketsUrl();
    for (const [forgery, token] of Object.entries(forgedTokens(cast.admin.token))) {
      const socket = await openRawSocket(wsUrl);
      socket.socket.send(
        encodeFrame({
          command: 'CONNECT',
          headers: { 'accept-version': '1.2', host: 'localhost', Authorization: `Bearer ${token}` },
          body: '',
        }),
      );
      expect(await socket.waitFor(/^(ERROR|CONNECTED)/), forgery).toMatch(/^ERROR/);
      socket.socket.close();
      await socket.closed;
    }
  });

  it('every STOMP cell answers as the table says', async () => {
    const wsUrl = await socketsUrl();
    const mismatches: string[] = [];
    const printed: string[] = [];
    for (const row of STOMP_MATRIX) {
      const answers: StompOutcome[] = [];
      for (const [index, caller] of CALLERS.entries()) {
        const answer = await stompCell(wsUrl, cast, row, caller);
        answers.push(answer);
        if (answer !== row.expect[index]) {
          mismatches.push(
            `${row.frame} ${row.destination ?? ''} as ${caller}: ${answer}, expected ${row.expect[index]}`,
          );
        }
      }
      printed.push(`${row.frame} ${row.destination ?? ''}: [${answers.join(', ')}]`);
    }
    if (PRINT) console.log(printed.join('\n'));
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('docs/reliability.md states the number of cells', async () => {
    const cells = (HTTP_MATRIX.length + STOMP_MATRIX.length) * CALLERS.length;
    await checkReliabilityCount('authorization-cells', cells);
    await checkReliabilityCount(
      'forged-token-calls',
      HTTP_MATRIX.length * Object.keys(forgedTokens('a.b.c')).length,
    );
  });
});

import { NOTIFICATION_TYPES, SAVED_SEARCHES_MAX } from '@unimercado/shared/constants';
import type { Notification } from '@unimercado/shared/schemas/notifications';
import { SAVED_SEARCH_MESSAGES, type SavedSearch } from '@unimercado/shared/schemas/saved-searches';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { depsOf } from '../../lib/deps';
import {
  createAccount,
  createTestApp,
  readOutbox,
  type Account,
  type TestContext,
} from '../../test/helpers';
import { createProduct, firstCategoryId } from '../../test/products';
import { callAs, createTradeCast, expectErrorBody } from '../../test/trade';
import { runSavedSearchDigest, SAVED_SEARCH_DIGEST } from './saved-search-digest';

const WAIT = { timeout: 15_000, interval: 50 };

describe('saved searches', () => {
  let ctx: TestContext;
  let seller: Account;
  let owner: Account;
  let other: Account;
  let admin: Account;
  let unverified: Account;
  let categoryId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ seller, buyer: owner, other, admin, unverified } = await createTradeCast(ctx));
    categoryId = await firstCategoryId(ctx);
  });
  afterAll(() => ctx.close());

  const save = (who: Account | null, body: Record<string, unknown>) =>
    callAs(ctx, who, 'POST', '/api/saved-searches', body);
  const listOf = async (who: Account) => {
    const res = await callAs(ctx, who, 'GET', '/api/saved-searches');
    expect(res.statusCode).toBe(200);
    return res.json<SavedSearch[]>();
  };
  const alertsOf = async (who: Account) => {
    const res = await callAs(ctx, who, 'GET', '/api/notifications');
    return res
      .json<Notification[]>()
      .filter((notification) => notification.typeId === NOTIFICATION_TYPES.savedSearch);
  };
  const digestsTo = async (who: Account) =>
    (await readOutbox(ctx.config, who.email)).filter((mail) => mail.subject.includes('búsquedas'));
  /** Waits until the matcher, off the request path, has emptied its queue. */
  const settle = () =>
    vi.waitFor(async () => {
      const res = await ctx.database.db.execute(
        'select count(*)::int as n from saved_search_queue',
      );
      expect((res as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    }, WAIT);

  it('saves the search of /search for its owner, with the text as default name', async () => {
    const res = await save(owner, {
      search: '  calculadora ',
      categoryId,
      minPrice: '1000',
      maxPrice: 200000,
      status: 'USADO',
      location: 'Biblioteca',
      sort: 'price_asc',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<SavedSearch>()).toMatchObject({
      userId: owner.user.id,
      name: 'calculadora',
      search: 'calculadora',
      categoryId,
      minPrice: 1000,
      maxPrice: 200000,
      status: 'Usado',
      location: 'Biblioteca',
      sort: 'price_asc',
      isPaused: false,
      emailDigest: false,
      newCount: 0,
    });
    // The same criteria again (other case, other sort) is the same search.
    const again = await save(owner, {
      search: 'CALCULADORA',
      categoryId,
      minPrice: 1000,
      maxPrice: 200000,
      status: 'Usado',
      location: 'biblioteca',
    });
    expectErrorBody(again, 409, { message: SAVED_SEARCH_MESSAGES.duplicate });
    // An unverified member saves too (like favourites); without text the name says so.
    const bare = await save(unverified, {});
    expect(bare.statusCode).toBe(201);
    expect(bare.json<SavedSearch>().name).toBe(SAVED_SEARCH_MESSAGES.everything);
  });

  it('refuses bad input with the contract’s body and changes nothing', async () => {
    const before = (await listOf(other)).length;
    expect((await save(other, { search: 'x', minPrice: 500, maxPrice: 100 })).statusCode).toBe(400);
    expect((await save(other, { search: 'x', name: 'n'.repeat(61) })).statusCode).toBe(400);
    expect((await save(other, { search: 'x', status: 'ROTO' })).statusCode).toBe(400);
    expect((await save(other, { search: 'x', categoryId: -1 })).statusCode).toBe(400);
    expectErrorBody(await save(null, { search: 'x' }), 401);
    expect(await listOf(other)).toHaveLength(before);
  });

  it('keeps at most SAVED_SEARCHES_MAX per member, also when saved in parallel', async () => {
    const collector = await createAccount(ctx, { verified: true });
    const results = await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX + 3 }, (_, i) =>
        save(collector, { search: `cosa ${i}` }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(SAVED_SEARCHES_MAX);
    const refused = results.filter((res) => res.statusCode !== 201);
    expect(refused).toHaveLength(3);
    for (const res of refused) {
      expectErrorBody(res, 409, { message: SAVED_SEARCH_MESSAGES.limit });
      expect(res.json<{ code: string }>().code).toBe('SAVED_SEARCH_LIMIT');
    }
    expect(await listOf(collector)).toHaveLength(SAVED_SEARCHES_MAX);
  });

  it('lets only the owner rename, pause, mark seen and delete (other 403, admin 403, anonymous 401)', async () => {
    const mine = (await save(other, { search: 'bicicleta' })).json<SavedSearch>();
    const url = `/api/saved-searches/${mine.id}`;
    for (const who of [owner, admin]) {
      expectErrorBody(await callAs(ctx, who, 'PATCH', url, { name: 'mía' }), 403, {
        message: SAVED_SEARCH_MESSAGES.notOwner,
      });
      expectErrorBody(await callAs(ctx, who, 'POST', `${url}/seen`), 403);
      expectErrorBody(await callAs(ctx, who, 'DELETE', url), 403);
    }
    expectErrorBody(await callAs(ctx, null, 'PATCH', url, { name: 'x' }), 401);
    expectErrorBody(await callAs(ctx, null, 'GET', '/api/saved-searches'), 401);
    // Nobody else's list shows it.
    expect((await listOf(admin)).map((s) => s.id)).not.toContain(mine.id);

    const renamed = await callAs(ctx, other, 'PATCH', url, { name: 'Bici para ir a clase' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<SavedSearch>()).toMatchObject({
      name: 'Bici para ir a clase',
      search: 'bicicleta',
    });
    const paused = await callAs(ctx, other, 'PATCH', url, { isPaused: true, emailDigest: true });
    expect(paused.json<SavedSearch>()).toMatchObject({ isPaused: true, emailDigest: true });
    expectErrorBody(await callAs(ctx, other, 'PATCH', url, {}), 400, {
      message: SAVED_SEARCH_MESSAGES.nothingToChange,
    });
    expectErrorBody(await callAs(ctx, other, 'PATCH', url, { name: '   ' }), 400, {
      message: SAVED_SEARCH_MESSAGES.nameRequired,
    });
    expect((await callAs(ctx, other, 'POST', `${url}/seen`)).statusCode).toBe(200);

    expect((await callAs(ctx, other, 'DELETE', url)).statusCode).toBe(204);
    expectErrorBody(await callAs(ctx, other, 'DELETE', url), 404, {
      message: SAVED_SEARCH_MESSAGES.notFound,
    });
    expect((await listOf(other)).map((s) => s.id)).not.toContain(mine.id);
  });

  it('alerts once per search, grouped and accent-insensitive, after the listing commits', async () => {
    const fan = await createAccount(ctx, { verified: true });
    const search = (await save(fan, { search: 'calculadora' })).json<SavedSearch>();
    await createProduct(ctx, seller, { title: 'Calculadora científica', price: 50000 });
    await settle();
    let alerts = await alertsOf(fan);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      message: 'Hay 1 producto nuevo para «calculadora»',
      read: false,
      link: '/my-searches',
    });
    const first = alerts[0]!;

    // Another match while it is unread: the same notification, counted again.
    await createProduct(ctx, seller, { title: 'CÁLCULADORA gráfica', price: 90000 });
    await createProduct(ctx, seller, { title: 'Bicicleta de ruta' });
    await settle();
    alerts = await alertsOf(fan);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: first.id,
      message: 'Hay 2 productos nuevos para «calculadora»',
    });
    expect((await listOf(fan)).find((s) => s.id === search.id)?.newCount).toBe(2);

    // Read: the next match is a new notification; opening the search resets its count.
    await callAs(ctx, fan, 'PUT', `/api/notifications/${first.id}/read`);
    const seen = await callAs(ctx, fan, 'POST', `/api/saved-searches/${search.id}/seen`);
    expect(seen.json<SavedSearch>().newCount).toBe(0);
    expect((await listOf(fan))[0]?.newCount).toBe(0);
    await createProduct(ctx, seller, { title: 'Calculadora Casio' });
    await settle();
    alerts = await alertsOf(fan);
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toMatchObject({
      message: 'Hay 1 producto nuevo para «calculadora»',
      read: false,
    });
    expect(alerts[1]).toMatchObject({ id: first.id, read: true });
  });

  it('never alerts the seller, a member who blocked the seller, a paused search, or outside the filters', async () => {
    const [blocker, pauser, picky, partial] = await Promise.all([
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
      createAccount(ctx, { verified: true }),
    ]);
    await save(seller, { search: 'microscopio' });
    await save(blocker, { search: 'microscopio' });
    expect(
      (await callAs(ctx, blocker, 'POST', '/api/blocks', { userId: seller.user.id })).statusCode,
    ).toBeLessThan(300);
    const paused = (await save(pauser, { search: 'microscopio' })).json<SavedSearch>();
    await callAs(ctx, pauser, 'PATCH', `/api/saved-searches/${paused.id}`, { isPaused: true });
    await save(picky, { search: 'microscopio', maxPrice: 1000 });
    await save(picky, { search: 'microscopio', categoryId: categoryId + 1 });
    await save(partial, { search: 'micros' });

    await createProduct(ctx, seller, { title: 'Microscopio óptico', price: 300000, categoryId });
    await settle();
    expect(await alertsOf(seller)).toHaveLength(0);
    expect(await alertsOf(blocker)).toHaveLength(0);
    expect(await alertsOf(pauser)).toHaveLength(0);
    expect(await alertsOf(picky)).toHaveLength(0);
    // Part of a word finds it, as /search's partial-word search does.
    expect((await alertsOf(partial))[0]?.message).toBe('Hay 1 producto nuevo para «micros»');
  });

  it('sends at most one email digest a day, only for searches opted in, to verified members', async () => {
    const reader = await createAccount(ctx, { verified: true, name: 'Lectora Dana' });
    const silent = await createAccount(ctx, { verified: true });
    const wanted = (
      await save(reader, { search: 'termo', name: 'Termo para el café' })
    ).json<SavedSearch>();
    await callAs(ctx, reader, 'PATCH', `/api/saved-searches/${wanted.id}`, { emailDigest: true });
    await save(silent, { search: 'termo' });
    await createProduct(ctx, seller, { title: 'Termo de acero' });
    await settle();

    const deps = depsOf(ctx.app);
    const at = (ms: number) => ({ ...deps, now: () => new Date(Date.now() + ms) });
    // Too soon: the in-app alert has its hour first.
    await runSavedSearchDigest(at(0));
    await ctx.app.mailer.flush();
    expect(await digestsTo(reader)).toHaveLength(0);

    await runSavedSearchDigest(at(SAVED_SEARCH_DIGEST.waitMs + 1000));
    await ctx.app.mailer.flush();
    const mails = await digestsTo(reader);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('1 producto nuevo para tus búsquedas en UniMercado');
    expect(mails[0]?.text).toContain('«Termo para el café»: 1 producto nuevo');
    expect(await digestsTo(silent)).toHaveLength(0);

    // A second match the same day waits for tomorrow.
    await createProduct(ctx, seller, { title: 'Termo grande' });
    await settle();
    await runSavedSearchDigest(at(2 * SAVED_SEARCH_DIGEST.waitMs + 2000));
    await ctx.app.mailer.flush();
    expect(await digestsTo(reader)).toHaveLength(1);
  });
});

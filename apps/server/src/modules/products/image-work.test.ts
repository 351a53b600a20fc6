import { MAX_IMAGE_DECODED_BYTES, MAX_IMAGE_PIXELS } from '@unimercado/shared/constants';
import { PRODUCT_MESSAGES } from '@unimercado/shared/schemas/products';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, createTestApp, type Account, type TestContext } from '../../test/helpers';
import { makeJpeg, makePngBomb, uploadImages } from '../../test/products';
import { createPoolHolds } from '../../test/thread-pool';
import {
  IMAGE_WORK_LIMITS,
  imageWorkQueue,
  resetImageWork,
  THREADPOOL_SIZE,
  uploadWorkKey,
} from './images';

/** The limits these tests are written for (the defaults depend on the machine's cores). */
const LIMITS = { concurrency: 2, perKey: 1, maxAdmittedPerKey: 6, maxAdmitted: 30 };

/** A task for the image queue that runs until `open()` is called. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { task: () => opened, open };
};

/** Resolves once `condition()` holds (checked every few milliseconds). */
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

const photo = async (name = 'foto.jpg') => ({ filename: name, data: await makeJpeg() });

const loginRequest = (ctx: TestContext, account: Account) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });

describe('image work: decoded-bytes limit, a fair bounded queue, logins never behind photos', () => {
  let ctx: TestContext;
  let member: Account;
  let other: Account;
  let admin: Account;

  beforeAll(async () => {
    ctx = await createTestApp();
    member = await createAccount(ctx, { verified: true });
    other = await createAccount(ctx, { verified: true });
    admin = await createAccount(ctx, { verified: true, admin: true });
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    expect(imageWorkQueue().stats()).toEqual({ running: 0, waiting: 0 });
    vi.restoreAllMocks();
  });

  it('leaves two of libuv’s threads to everything else and keeps one slot from any one account', () => {
    expect(IMAGE_WORK_LIMITS.concurrency).toBeGreaterThanOrEqual(1);
    expect(IMAGE_WORK_LIMITS.concurrency).toBeLessThanOrEqual(Math.max(1, THREADPOOL_SIZE - 2));
    if (IMAGE_WORK_LIMITS.concurrency > 1) {
      expect(IMAGE_WORK_LIMITS.perKey).toBeLessThan(IMAGE_WORK_LIMITS.concurrency);
    }
  });

  it('refuses a 16-bit PNG whose decoded size is over the limit (pixels under it) with 413', async () => {
    // 4500×4500 RGBA at 16 bits: 20 megapixels, 162 MB decoded; a few hundred KB as sent.
    const bomb = await makePngBomb({ width: 4500, height: 4500, color: 'rgba', bitDepth: 16 });
    expect(4500 * 4500).toBeLessThan(MAX_IMAGE_PIXELS);
    expect(4500 * 4500 * 4 * 2).toBeGreaterThan(MAX_IMAGE_DECODED_BYTES);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await uploadImages(ctx, member.token, [
      { filename: 'bomba16.png', contentType: 'image/png', data: bomb },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'IMAGE_TOO_LARGE',
      error: PRODUCT_MESSAGES.imageTooManyBytes('bomba16.png'),
      message: PRODUCT_MESSAGES.imageTooManyBytes('bomba16.png'),
    });
  });

  it('accepts a 16-bit PNG whose decoded size is within the limit', async () => {
    const png = await makePngBomb({ width: 800, height: 600, color: 'rgb', bitDepth: 16 });
    const res = await uploadImages(ctx, member.token, [
      { filename: 'escaneo16.png', contentType: 'image/png', data: png },
    ]);
    expect(res.statusCode).toBe(201);
  });

  it('never lets sharp hold more of libuv’s threads than the queue’s slots, however many photos arrive', async () => {
    resetImageWork(LIMITS);
    const files = await Promise.all(
      [0, 1, 2].map(async (index) => ({
        filename: `grande-${index}.jpg`,
        data: await makeJpeg({ width: 1600 + index * 16, height: 1200 }),
      })),
    );
    let busiest = 0;
    let sampling = true;
    const sample = () => {
      busiest = Math.max(busiest, sharp.counters().process);
      if (sampling) setImmediate(sample);
    };
    sample();
    const answers = await Promise.all(
      [member, other, admin].map((account) => uploadImages(ctx, account.token, files)),
    );
    sampling = false;
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(busiest).toBeGreaterThanOrEqual(1);
    expect(busiest).toBeLessThanOrEqual(LIMITS.concurrency);
  });

  it('lets an account’s photos wait beyond its share, refuses them past its allowance (429), and serves other members meanwhile', async () => {
    const queue = resetImageWork(LIMITS);
    const held = gate();
    // The member's earlier photos: one running (its whole share), two waiting.
    const earlier = queue.run(uploadWorkKey(member.user.id), [held.task, held.task, held.task]);
    let waitingSettled = false;
    const waiting = uploadImages(ctx, member.token, [
      await photo('a.jpg'),
      await photo('b.jpg'),
      await photo('c.jpg'),
    ]).finally(() => {
      waitingSettled = true;
    });
    await until(() => queue.stats().waiting === 5);

    const refused = await uploadImages(ctx, member.token, [await photo('d.jpg')]);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: PRODUCT_MESSAGES.imagesBusyForAccount,
    });

    // Another member and an admin get the slot the member cannot take.
    expect((await uploadImages(ctx, other.token, [await photo()])).statusCode).toBe(201);
    expect((await uploadImages(ctx, admin.token, [await photo()])).statusCode).toBe(201);
    expect(waitingSettled).toBe(false);
    expect(queue.stats()).toEqual({ running: 1, waiting: 5 });

    held.open();
    await Promise.all(earlier);
    expect((await waiting).statusCode).toBe(201);
  });

  it('answers 503 when the whole process has enough photos waiting, and takes a request that fits', async () => {
    const queue = resetImageWork({ ...LIMITS, maxAdmitted: 8 });
    const held = gate();
    const earlier = [
      ...queue.run('someone', [held.task, held.task, held.task, held.task]),
      ...queue.run('someone-else', [held.task, held.task, held.task]),
    ];
    const refused = await uploadImages(ctx, member.token, [
      await photo('a.jpg'),
      await photo('b.jpg'),
    ]);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      error: PRODUCT_MESSAGES.imagesBusy,
    });
    const fits = uploadImages(ctx, member.token, [await photo('a.jpg')]);
    held.open();
    await Promise.all(earlier);
    expect((await fits).statusCode).toBe(201);
  });

  it('(control) a login waits when every thread of libuv’s pool is held', async () => {
    const holds = createPoolHolds();
    const order: string[] = [];
    const verify = vi.spyOn(ctx.app.passwords, 'verify');
    try {
      const threads = Array.from({ length: THREADPOOL_SIZE }, holds.hold);
      await holds.whenHeld(THREADPOOL_SIZE);
      const answer = loginRequest(ctx, member).then((res) => {
        order.push('login');
        return res;
      });
      await until(() => verify.mock.calls.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      order.push('released');
      await holds.release();
      await Promise.all(threads);
      expect((await answer).statusCode).toBe(200);
      expect(order).toEqual(['released', 'login']);
    } finally {
      await holds.release();
    }
  });

  it('signs a member in while every image slot holds a thread of libuv’s pool and photos wait', async () => {
    const queue = resetImageWork(LIMITS);
    const holds = createPoolHolds();
    const order: string[] = [];
    try {
      // Every slot busy (one per account: an account never gets them all), on a pool thread.
      const busy = [
        ...queue.run('uploader-1', [holds.hold]),
        ...queue.run('uploader-2', [holds.hold]),
      ];
      await holds.whenHeld(LIMITS.concurrency);
      const queued = uploadImages(ctx, other.token, [await photo('a.jpg'), await photo('b.jpg')]);
      await until(() => queue.stats().waiting === 2);
      expect(queue.stats()).toEqual({ running: 2, waiting: 2 });

      const res = await loginRequest(ctx, member);
      order.push('login');
      expect(res.statusCode).toBe(200);
      expect(queue.stats()).toEqual({ running: 2, waiting: 2 });

      order.push('released');
      await holds.release();
      await Promise.all(busy);
      expect((await queued).statusCode).toBe(201);
      expect(order).toEqual(['login', 'released']);
    } finally {
      await holds.release();
    }
  });
});

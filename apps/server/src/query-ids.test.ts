import { isErrorBody } from '@unimercado/shared/errors';
import { ID_MESSAGE } from '@unimercado/shared/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  createAccount,
  createTestApp,
  type Account,
  type TestContext,
} from './test/helpers';

/**
 * Ids are read by one parser wherever they arrive (decision 012): a query or a body refuses
 * `0x10`, `+1` or `1e3` exactly as a path does, never reading them as 16, 1 or 1000.
 */
describe('ids in queries and bodies parse like ids in paths', () => {
  let ctx: TestContext;
  let member: Account;
  let other: Account;
  beforeAll(async () => {
    ctx = await createTestApp();
    member = await createAccount(ctx, { verified: true });
    other = await createAccount(ctx, { verified: true });
  });
  afterAll(() => ctx.close());

  // `+` in a query is a space once decoded; `%2B1` is the plus sign itself.
  const SPELLINGS = ['0x10', '%2B1', '+1', '1e3', '1.0', '01'];

  const expectIdRefused = (res: { statusCode: number; json: () => unknown }, what: string) => {
    expect(res.statusCode, what).toBe(400);
    const body = res.json();
    expect(isErrorBody(body), what).toBe(true);
    expect((body as { error: string }).error, what).toBe(ID_MESSAGE);
  };

  it('the path form is refused (the reference)', async () => {
    for (const id of SPELLINGS) {
      expectIdRefused(await callAs(ctx, 'GET', `/api/users/${id}`, member.token), id);
    }
  });

  it('every query id of the spec’s calls is refused the same way', async () => {
    const queries = [
      ['GET', '/api/products?sellerId='],
      ['GET', '/api/products?categoryId='],
      ['GET', '/api/favorites?userId='],
      ['GET', '/api/reviews?revieweeId='],
      ['GET', '/api/reviews?reviewerId='],
      ['GET', '/api/notifications?userId='],
      ['GET', '/api/chat/messages?userId='],
      ['PUT', '/api/chat/messages/read?userId='],
    ] as const;
    for (const [method, prefix] of queries) {
      for (const id of SPELLINGS) {
        expectIdRefused(await callAs(ctx, method, `${prefix}${id}`, member.token), prefix + id);
      }
    }
  });

  it('ids written as text in a body are refused the same way', async () => {
    for (const id of ['0x10', '+1', '1e3', '1.0', '01']) {
      const message = await callAs(ctx, 'POST', '/api/chat/messages', member.token, {
        receiverId: id,
        content: 'hola',
      });
      expectIdRefused(message, `receiverId ${id}`);
      const notification = await callAs(ctx, 'POST', '/api/notifications', member.token, {
        userId: id,
        typeId: 1,
        message: 'hola',
      });
      expectIdRefused(notification, `userId ${id}`);
    }
    // The canonical forms still work, as text or as a number.
    const sent = await callAs(ctx, 'POST', '/api/chat/messages', member.token, {
      receiverId: String(other.user.id),
      content: 'hola',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const history = await callAs(
      ctx,
      'GET',
      `/api/chat/messages?userId=${other.user.id}`,
      member.token,
    );
    expect(history.statusCode).toBe(200);
  });
});

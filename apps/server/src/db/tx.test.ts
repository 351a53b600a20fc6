import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { categories } from './schema';
import { inTransaction, setAfterCommitLogger } from './tx';

describe('inTransaction', () => {
  let handle: DatabaseHandle;
  const logged: unknown[] = [];
  beforeAll(async () => {
    handle = await createTestDatabase();
    setAfterCommitLogger(handle.db, { error: (object) => logged.push(object) });
  });
  afterAll(() => handle.close());

  const categoryNamed = async (name: string) =>
    (await handle.db.select().from(categories).where(eq(categories.name, name)))[0];

  it('runs afterCommit actions once committed, in order, seeing the committed data', async () => {
    const seen: string[] = [];
    const result = await inTransaction(handle.db, async (tx, afterCommit) => {
      await tx.insert(categories).values({ name: 'Tx commit' });
      afterCommit(async () => {
        seen.push(`first:${(await categoryNamed('Tx commit'))?.name ?? 'missing'}`);
      });
      afterCommit(() => seen.push('second'));
      expect(seen).toEqual([]);
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual(['first:Tx commit', 'second']);
  });

  it('does not run an afterCommit action when the transaction rolls back', async () => {
    const seen: string[] = [];
    await expect(
      inTransaction(handle.db, async (tx, afterCommit) => {
        await tx.insert(categories).values({ name: 'Tx rollback' });
        afterCommit(() => seen.push('ran'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(seen).toEqual([]);
    expect(await categoryNamed('Tx rollback')).toBeUndefined();
  });

  it('a nested call joins the outer transaction: its actions wait for the outer commit', async () => {
    const seen: string[] = [];
    await inTransaction(handle.db, async (tx, afterCommit) => {
      afterCommit(() => seen.push('outer'));
      await inTransaction(tx, async (inner, innerAfterCommit) => {
        await inner.insert(categories).values({ name: 'Tx nested' });
        innerAfterCommit(() => seen.push('inner'));
      });
      expect(seen).toEqual([]);
      // A savepoint that rolls back takes its actions with it; the outer work goes on.
      await inTransaction(tx, async (inner, innerAfterCommit) => {
        innerAfterCommit(() => seen.push('discarded'));
        await inner.insert(categories).values({ name: 'Tx nested discarded' });
        throw new Error('inner failure');
      }).catch(() => undefined);
    });
    expect(seen).toEqual(['outer', 'inner']);
    expect(await categoryNamed('Tx nested')).toBeDefined();
    expect(await categoryNamed('Tx nested discarded')).toBeUndefined();
  });

  it('nothing runs when the outer transaction fails after a nested one succeeded', async () => {
    const seen: string[] = [];
    await expect(
      inTransaction(handle.db, async (tx) => {
        await inTransaction(tx, (_inner, innerAfterCommit) => {
          innerAfterCommit(() => seen.push('inner'));
          return Promise.resolve();
        });
        throw new Error('outer failure');
      }),
    ).rejects.toThrow('outer failure');
    expect(seen).toEqual([]);
  });

  it('logs a failing action instead of failing the committed change, and runs the rest', async () => {
    const seen: string[] = [];
    logged.length = 0;
    await inTransaction(handle.db, async (tx, afterCommit) => {
      await tx.insert(categories).values({ name: 'Tx failing action' });
      afterCommit(() => {
        throw new Error('mail server down');
      });
      afterCommit(() => seen.push('after the failure'));
    });
    expect(seen).toEqual(['after the failure']);
    expect(logged).toHaveLength(1);
    expect(await categoryNamed('Tx failing action')).toBeDefined();
  });
});

import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { queryRows } from './rows';

/** A transaction handle; it has the same query API as `Database`. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Something to do only once the transaction has committed (mail, file deletion, pushes...). */
export type AfterCommitAction = () => unknown;
/** Registers an action that runs after the outermost transaction commits, never on rollback. */
export type AfterCommit = (action: AfterCommitAction) => void;

/** What a module function that takes part in its caller's transaction receives. */
export type TxScope = { tx: Tx; afterCommit: AfterCommit };

type ErrorLogger = { error: (object: unknown, message: string) => void };

/** The afterCommit queue of every open transaction, so a nested call joins the outer one. */
const openScopes = new WeakMap<object, AfterCommit>();
/** Where failed afterCommit actions are reported, per database (set by the db plugin). */
const loggers = new WeakMap<object, ErrorLogger>();

export const setAfterCommitLogger = (db: Database, log: ErrorLogger) => {
  loggers.set(db, log);
};

const fallbackLogger: ErrorLogger = {
  error: (object, message) => console.error(message, object),
};

/**
 * The project's one way to run a transaction (conventions.md). `work` gets the transaction and
 * `afterCommit`; the registered actions run in order once the outermost transaction has
 * committed, and are awaited before this resolves (so a response is sent after its side effects
 * started). A rollback discards them. An action that fails is logged, never thrown: the data
 * change it follows is already committed.
 *
 * Called with a transaction (a nested call), it runs in a savepoint and its actions join the
 * outer transaction's queue only if the savepoint is released.
 */
export const inTransaction = async <T>(
  db: Database | Tx,
  work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> => {
  const actions: AfterCommitAction[] = [];
  const afterCommit: AfterCommit = (action) => {
    actions.push(action);
  };
  const outer = openScopes.get(db);
  const result = await db.transaction(async (tx) => {
    openScopes.set(tx, afterCommit);
    try {
      return await work(tx, afterCommit);
    } finally {
      openScopes.delete(tx);
    }
  });
  if (outer) {
    for (const action of actions) outer(action);
    return result;
  }
  const log = loggers.get(db) ?? fallbackLogger;
  for (const action of actions) {
    try {
      await action();
    } catch (error) {
      log.error({ err: error }, 'after-commit action failed');
    }
  }
  return result;
};

/**
 * A periodic job's pass that one instance at a time may run (digests): a transaction holding the
 * transaction-scoped advisory lock `lockId`; undefined, without running `work`, when another
 * instance holds it.
 */
export const inExclusiveTransaction = <T>(
  db: Database,
  lockId: number,
  work: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T | undefined> =>
  inTransaction(db, async (tx, afterCommit) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${lockId}) as locked`,
    );
    return lock?.locked ? work(tx, afterCommit) : undefined;
  });

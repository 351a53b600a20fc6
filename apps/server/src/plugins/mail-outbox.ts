import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../db/rows';
import { mailOutbox } from '../db/schema';
import { inTransaction, type Tx } from '../db/tx';
import { startPolledWorker } from '../lib/polled-worker';

/** One email, already written: plain text plus an HTML version. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

/** A ready message as the worker hands it to a transport. */
export type OutgoingMail = MailMessage & { outboxId: number; messageId: string; createdAt: Date };

/**
 * Writes the message for a deferred request, inside the worker's transaction, or answers null
 * when there is nothing to send (e.g. no such account). See `enqueueComposed`.
 */
export type MailComposer = (
  tx: Tx,
  request: { to: string; requestedAt: Date },
) => Promise<MailMessage | null>;

type Logger = {
  info: (object: unknown, message: string) => void;
  warn: (object: unknown, message: string) => void;
  error: (object: unknown, message: string) => void;
};

const READY = 'message';

export const MAIL_RETRY = {
  /** How long a claimed row stays with the worker that claimed it (longest SMTP exchange). */
  leaseMs: 2 * 60_000,
  firstDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  /** About 4.5 hours of retries, then the row is marked failed. */
  maxAttempts: 10,
  pollMs: 10_000,
} as const;

/** 30 s, 1 min, 2 min, ... capped at one hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAIL_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1), MAIL_RETRY.maxDelayMs);

type OutboxRow = {
  id: number;
  kind: string;
  recipient: string;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  message_id: string;
  attempts: number;
  created_at: Date | string;
};

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Writes a ready message to the outbox in the caller's transaction (it leaves after commit). */
export const insertMessage = async (tx: Tx, message: MailMessage, now: Date) => {
  await tx.insert(mailOutbox).values({
    kind: READY,
    recipient: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    messageId: randomUUID(),
    nextAttemptAt: now,
    createdAt: now,
  });
};

/** Writes a request that the composer registered for `kind` turns into a message later. */
export const insertRequest = async (tx: Tx, kind: string, to: string, now: Date) => {
  if (kind === READY) throw new Error(`"${READY}" is not a composer kind`);
  await tx.insert(mailOutbox).values({
    kind,
    recipient: to,
    messageId: randomUUID(),
    nextAttemptAt: now,
    createdAt: now,
  });
};

export type MailWorkerOptions = {
  db: Database;
  now: () => Date;
  log: Logger;
  /** Hands one message over (SMTP or the file outbox); throws when it could not. */
  deliver: (mail: OutgoingMail) => Promise<void>;
  composers: ReadonlyMap<string, MailComposer>;
};

/**
 * Sends what the outbox holds, one row at a time: claim it (a lease, so several instances never
 * send the same row at once and a dead instance's row comes back), compose it if it is a
 * request, hand it to the transport, delete it. A failure is retried with back-off.
 */
export const createMailWorker = ({ db, now, log, deliver, composers }: MailWorkerOptions) => {
  /** Since start, for the metrics: handed to the transport, scheduled again, given up. */
  const counts = { sent: 0, retried: 0, failed: 0 };

  const backOff = async (target: Database | Tx, row: OutboxRow, error: unknown) => {
    const attempts = row.attempts;
    const isFinal = attempts >= MAIL_RETRY.maxAttempts;
    const at = now();
    await target
      .update(mailOutbox)
      .set({
        lockedUntil: null,
        lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
        nextAttemptAt: new Date(at.getTime() + retryDelayMs(attempts)),
        ...(isFinal ? { failedAt: at } : {}),
      })
      .where(eq(mailOutbox.id, row.id));
    const context = { err: error, to: row.recipient, attempts, mailId: row.id };
    counts[isFinal ? 'failed' : 'retried'] += 1;
    if (isFinal) log.error(context, 'email delivery failed for good');
    else log.warn(context, 'email delivery failed; will retry');
  };

  /** The next due row, claimed and composed, or null when nothing is due; 'skip' to go on. */
  const claimNext = () =>
    inTransaction(db, async (tx): Promise<OutgoingMail | 'skip' | null> => {
      const at = now();
      const [row] = await queryRows<OutboxRow>(
        tx,
        sql`
        update mail_outbox set locked_until = ${new Date(at.getTime() + MAIL_RETRY.leaseMs)},
          attempts = attempts + 1
        where id = (
          select id from mail_outbox
          where failed_at is null and next_attempt_at <= ${at}
            and (locked_until is null or locked_until <= ${at})
          order by next_attempt_at, id
          limit 1
          for update skip locked)
        returning id, kind, recipient, subject, text_body, html_body, message_id, attempts,
          created_at`,
      );
      if (!row) return null;
      if (row.kind === READY) {
        return {
          to: row.recipient,
          subject: row.subject ?? '',
          text: row.text_body ?? '',
          html: row.html_body ?? '',
          outboxId: row.id,
          messageId: row.message_id,
          createdAt: toDate(row.created_at),
        };
      }
      const composer = composers.get(row.kind);
      let message: MailMessage | null;
      try {
        if (!composer) throw new Error(`no composer for mail kind "${row.kind}"`);
        // A savepoint: a composer that fails leaves its own writes undone, the claim recorded.
        message = await inTransaction(tx, (savepoint) =>
          composer(savepoint, { to: row.recipient, requestedAt: toDate(row.created_at) }),
        );
      } catch (error) {
        await backOff(tx, row, error);
        return 'skip';
      }
      if (!message) {
        await tx.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
        return 'skip';
      }
      await tx
        .update(mailOutbox)
        .set({
          kind: READY,
          recipient: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
        })
        .where(eq(mailOutbox.id, row.id));
      return {
        ...message,
        outboxId: row.id,
        messageId: row.message_id,
        createdAt: toDate(row.created_at),
      };
    });

  const sendOne = async (mail: OutgoingMail) => {
    try {
      await deliver(mail);
    } catch (error) {
      const [row] = await db
        .select({ id: mailOutbox.id, attempts: mailOutbox.attempts })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, mail.outboxId));
      if (row) {
        await backOff(db, { ...row, kind: READY, recipient: mail.to } as OutboxRow, error);
      }
      return;
    }
    counts.sent += 1;
    await db.delete(mailOutbox).where(eq(mailOutbox.id, mail.outboxId));
  };

  // `kick` starts a pass (or asks the running one to look again); resolves when the outbox is idle.
  const worker = startPolledWorker({
    runPass: async (isStopped) => {
      while (!isStopped()) {
        const next = await claimNext();
        if (next === null) return;
        if (next !== 'skip') await sendOne(next);
      }
    },
    pollMs: MAIL_RETRY.pollMs,
    onError: (error) => log.error({ err: error }, 'mail worker pass failed'),
  });

  return {
    kick: worker.kick,
    stats: () => ({ ...counts }),
    /**
     * PGlite is opened by one process only (a pid lock), so at start-up no other worker can hold
     * a lease: what a crashed run had claimed is released at once instead of after the lease.
     */
    releaseLeases: async () => {
      await db
        .update(mailOutbox)
        .set({ lockedUntil: null })
        .where(sql`locked_until is not null`);
    },
    stop: worker.stop,
  };
};

export type MailWorker = ReturnType<typeof createMailWorker>;

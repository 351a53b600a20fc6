import { mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config/env';
import { isProcessAlive } from '../db/client';
import type { TxScope } from '../db/tx';
import {
  createMailWorker,
  insertMessage,
  insertRequest,
  type MailComposer,
  type MailMessage,
  type OutgoingMail,
} from './mail-outbox';

export type { MailComposer, MailMessage } from './mail-outbox';

/**
 * The one way to send email (docs/decisions/011). Mail is written to the database outbox inside
 * the transaction that causes it and sent by a worker after commit, retried with back-off.
 */
export type Mailer = {
  /** Writes `message` to the outbox in the caller's transaction; it is sent after commit. */
  enqueue: (scope: TxScope, message: MailMessage) => Promise<void>;
  /**
   * Writes a request that the composer registered for `kind` turns into a message in the
   * worker's own transaction (or into nothing). The caller's work, and so its answer time, is the
   * same whether or not there is anyone to write to.
   */
  enqueueComposed: (scope: TxScope, request: { kind: string; to: string }) => Promise<void>;
  /** Route plugins register their composers while the app is being built. */
  registerComposer: (kind: string, composer: MailComposer) => void;
  /** Resolves when every message due now was handed over or scheduled for a retry (tests). */
  flush: () => Promise<void>;
  /** This instance's worker since start (the metrics): sent, retried later, given up. */
  stats: () => { sent: number; retried: number; failed: number };
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/** Sortable, file-system-safe timestamp: 2026-11-21T14-05-36.123Z */
const fileTimestamp = (date: Date) => date.toISOString().replace(/:/g, '-');

/** `.<messageId>.<pid>.tmp`: a file still being written, invisible to `*.json` readers. */
const TEMP_FILE = /^\.[\w-]+\.(\d+)\.tmp$/;

/** Written to a temporary name, flushed to disk and renamed: a reader never sees half a mail. */
const writeFileAtomically = async (dir: string, name: string, content: string, tempId: string) => {
  const temp = path.join(dir, `.${tempId}.${process.pid}.tmp`);
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path.join(dir, name));
  const directory = await open(dir, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
};

/** Leftovers of a process killed while writing (never of a live one). */
const removeStaleTempFiles = async (dir: string) => {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = Number(TEMP_FILE.exec(name)?.[1]);
      if (!pid || (pid !== process.pid && isProcessAlive(pid))) return;
      await unlink(path.join(dir, name)).catch(() => undefined);
    }),
  );
};

/** SMTP exchanges are bounded so a claimed row never outlives its lease. */
const smtpUrlWithTimeouts = (smtpUrl: string) => {
  const url = new URL(smtpUrl);
  const defaults = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '30000' };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
};

export const mailPlugin = fp<{ config: AppConfig }>(
  (app, { config }, done) => {
    const transport = config.smtpUrl
      ? nodemailer.createTransport(smtpUrlWithTimeouts(config.smtpUrl))
      : undefined;
    const dir = outboxDir(config.dataDir);
    const messageHost = new URL(config.publicUrl).hostname;

    const deliver = async (mail: OutgoingMail) => {
      if (transport) {
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // The same id on a retry lets mail systems drop a duplicate.
          messageId: `<${mail.messageId}@${messageHost}>`,
        });
        app.log.info({ to: mail.to, subject: mail.subject }, 'email sent');
        return;
      }
      await mkdir(dir, { recursive: true });
      // The name comes from the outbox row: delivering it again replaces the same file, and
      // names sort in the order the mail was written (time, then row).
      const file = `${fileTimestamp(mail.createdAt)}-${String(mail.outboxId).padStart(10, '0')}-${mail.messageId}.json`;
      const body = {
        to: mail.to,
        from: config.mailFrom,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        createdAt: mail.createdAt.toISOString(),
        messageId: mail.messageId,
      };
      await writeFileAtomically(dir, file, `${JSON.stringify(body, null, 2)}\n`, mail.messageId);
      // Without a mail server a newcomer still needs the link: it goes to the log.
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      app.log.info(
        { to: mail.to, subject: mail.subject, file: path.join(dir, file), link },
        'email written to outbox',
      );
    };

    const composers = new Map<string, MailComposer>();
    const worker = createMailWorker({
      db: app.db,
      now: () => app.now(),
      log: app.log,
      deliver,
      composers,
    });
    const wakeAfterCommit = (scope: TxScope) =>
      scope.afterCommit(() => {
        // Not awaited, and only once the answer has gone out: neither its content nor its
        // timing depends on the mail (or, for a composed request, on whether an account exists).
        setImmediate(() => void worker.kick());
      });

    const mailer: Mailer = {
      enqueue: async (scope, message) => {
        await insertMessage(scope.tx, message, app.now());
        wakeAfterCommit(scope);
      },
      enqueueComposed: async (scope, { kind, to }) => {
        await insertRequest(scope.tx, kind, to, app.now());
        wakeAfterCommit(scope);
      },
      registerComposer: (kind, composer) => {
        if (composers.has(kind)) throw new Error(`mail composer "${kind}" registered twice`);
        composers.set(kind, composer);
      },
      flush: () => worker.kick(),
      stats: worker.stats,
    };
    app.decorate('mailer', mailer);

    app.addHook('onReady', async () => {
      if (app.database.driver === 'pglite') await worker.releaseLeases();
      if (!transport) await removeStaleTempFiles(dir);
      // Whatever a previous run left in the outbox goes out now.
      void worker.kick();
    });
    app.addHook('onClose', async () => {
      await worker.stop();
      transport?.close();
    });
    done();
  },
  { name: 'mail', dependencies: ['db'] },
);

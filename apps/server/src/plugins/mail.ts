import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config/env';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** Queues a message; failures are logged, never thrown to the caller. */
  send: (message: MailMessage) => void;
  /** Resolves when every queued message has been handed over (tests, shutdown). */
  flush: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/** Sortable, file-system-safe timestamp: 2026-11-21T14-05-36.123Z */
const fileTimestamp = (date: Date) => date.toISOString().replace(/:/g, '-');

export const mailPlugin = fp<{ config: AppConfig }>(
  (app, { config }, done) => {
    const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
    const pending = new Set<Promise<void>>();

    const deliver = async (message: MailMessage) => {
      if (transport) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        app.log.info({ to: message.to, subject: message.subject }, 'email sent');
        return;
      }
      const createdAt = new Date();
      const dir = outboxDir(config.dataDir);
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${fileTimestamp(createdAt)}-${randomBytes(4).toString('hex')}.json`,
      );
      const body = { ...message, from: config.mailFrom, createdAt: createdAt.toISOString() };
      // Written aside and renamed, so a reader of the outbox never sees half a message.
      await writeFile(`${file}.partial`, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      await rename(`${file}.partial`, file);
      // Without a mail server a newcomer still needs the link: it goes to the log.
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      app.log.info(
        { to: message.to, subject: message.subject, file, link },
        'email written to outbox',
      );
    };

    const mailer: Mailer = {
      send: (message) => {
        const job = deliver(message)
          .catch((error: unknown) => {
            app.log.error({ err: error, to: message.to }, 'email delivery failed');
          })
          .finally(() => pending.delete(job));
        pending.add(job);
      },
      flush: async () => {
        while (pending.size > 0) await Promise.all([...pending]);
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.flush();
      transport?.close();
    });
    done();
  },
  { name: 'mail' },
);

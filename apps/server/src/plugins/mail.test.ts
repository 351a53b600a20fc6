import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { inTransaction } from '../db/tx';
import { createTestApp, readOutbox, uniqueEmail, type TestContext } from '../test/helpers';
import { outboxDir } from './mail';
import { MAIL_RETRY } from './mail-outbox';

const message = (to: string) => ({
  to,
  subject: 'Asunto de prueba',
  text: 'Hola',
  html: '<p>Hola</p>',
});

/** An SMTP peer that refuses recipients while `refusing` is true (451: try again later). */
const startSmtp = async () => {
  const received: { to: string[]; raw: string }[] = [];
  const state = { refusing: true };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing) {
        callback(Object.assign(new Error('Intenta más tarde'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const enqueue = (ctx: TestContext, to: string) =>
  inTransaction(ctx.database.db, (tx, afterCommit) =>
    ctx.app.mailer.enqueue({ tx, afterCommit }, message(to)),
  );

const outboxRow = async (ctx: TestContext, to: string) => {
  const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
  return row;
};

describe('mail outbox with an SMTP server that is down for a while', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ctx: TestContext;
  let clock = Date.now();
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp({ now: () => new Date(clock), config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('keeps the mail and retries with back-off until it goes out, once', async () => {
    const to = uniqueEmail('paciente');
    await enqueue(ctx, to);
    await ctx.app.mailer.flush();
    let row = await outboxRow(ctx, to);
    expect(row).toMatchObject({ attempts: 1, lockedUntil: null });
    expect(row!.lastError).toMatch(/451|Intenta/);
    expect(row!.nextAttemptAt.getTime() - clock).toBe(MAIL_RETRY.firstDelayMs);

    // Not due yet: nothing is tried.
    await ctx.app.mailer.flush();
    expect((await outboxRow(ctx, to))!.attempts).toBe(1);

    clock += MAIL_RETRY.firstDelayMs;
    await ctx.app.mailer.flush();
    row = await outboxRow(ctx, to);
    expect(row!.attempts).toBe(2);
    expect(row!.nextAttemptAt.getTime() - clock).toBe(2 * MAIL_RETRY.firstDelayMs);

    smtp.state.refusing = false;
    clock += 2 * MAIL_RETRY.firstDelayMs;
    await ctx.app.mailer.flush();
    expect(await outboxRow(ctx, to)).toBeUndefined();
    const delivered = smtp.received.filter((mail) => mail.to.includes(to));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.raw).toMatch(/Message-ID: <[0-9a-f-]{36}@localhost>/i);
  });

  it('after the last attempt the mail is marked failed and left for an operator', async () => {
    smtp.state.refusing = true;
    const to = uniqueEmail('sin-suerte');
    // As if it had already failed all but once (set before the worker can see it).
    await inTransaction(ctx.database.db, async (tx, afterCommit) => {
      await ctx.app.mailer.enqueue({ tx, afterCommit }, message(to));
      await tx
        .update(mailOutbox)
        .set({ attempts: MAIL_RETRY.maxAttempts - 1 })
        .where(eq(mailOutbox.recipient, to));
    });
    await ctx.app.mailer.flush();
    const row = await outboxRow(ctx, to);
    expect(row!.failedAt).toBeInstanceOf(Date);
    clock += MAIL_RETRY.maxDelayMs * 2;
    await ctx.app.mailer.flush();
    expect((await outboxRow(ctx, to))!.attempts).toBe(MAIL_RETRY.maxAttempts);
    smtp.state.refusing = false;
  });
});

describe('mail outbox and transactions', () => {
  let ctx: TestContext;
  let clock = Date.now();
  beforeAll(async () => {
    ctx = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => ctx.close());

  it('a rolled-back transaction sends nothing', async () => {
    const to = uniqueEmail('nunca');
    await expect(
      inTransaction(ctx.database.db, async (tx, afterCommit) => {
        await ctx.app.mailer.enqueue({ tx, afterCommit }, message(to));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await ctx.app.mailer.flush();
    expect(await outboxRow(ctx, to)).toBeUndefined();
    expect(await readOutbox(ctx.config, to)).toHaveLength(0);
  });

  it('a composer that finds nobody sends nothing; one that fails is retried', async () => {
    let calls = 0;
    const to = uniqueEmail('compuesto');
    ctx.app.mailer.registerComposer('test-flaky', (_tx, request) => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error('not yet'));
      return Promise.resolve(message(request.to));
    });
    ctx.app.mailer.registerComposer('test-nobody', () => Promise.resolve(null));
    await inTransaction(ctx.database.db, async (tx, afterCommit) => {
      await ctx.app.mailer.enqueueComposed({ tx, afterCommit }, { kind: 'test-nobody', to });
      await ctx.app.mailer.enqueueComposed({ tx, afterCommit }, { kind: 'test-flaky', to });
    });
    await ctx.app.mailer.flush();
    const rows = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, to));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'test-flaky', attempts: 1 });
    clock += MAIL_RETRY.firstDelayMs;
    await ctx.app.mailer.flush();
    expect(await outboxRow(ctx, to)).toBeUndefined();
    expect(await readOutbox(ctx.config, to)).toHaveLength(1);
  });

  it('a mail delivered again (the worker died before removing it) replaces its file', async () => {
    const to = uniqueEmail('dos-veces');
    const { db } = ctx.database;
    // The first removal fails, as if the process had died right after writing the file.
    // A sequence, because it counts even in a transaction that fails.
    await db.execute(sql`create sequence um_test_deletes`);
    await db.execute(sql`
      create or replace function um_test_keep_once() returns trigger language plpgsql as $$
      begin
        if nextval('um_test_deletes') = 1 then raise exception 'simulated crash'; end if;
        return old;
      end $$`);
    await db.execute(sql`
      create trigger um_test_keep_once before delete on mail_outbox
      for each row execute function um_test_keep_once()`);
    try {
      await enqueue(ctx, to);
      await ctx.app.mailer.flush();
      expect(await readOutbox(ctx.config, to)).toHaveLength(1);
      expect(await outboxRow(ctx, to)).toBeDefined();
      clock += MAIL_RETRY.leaseMs + 1000;
      await ctx.app.mailer.flush();
      expect(await outboxRow(ctx, to)).toBeUndefined();
      expect(await readOutbox(ctx.config, to)).toHaveLength(1);
      const names = await readdir(outboxDir(ctx.config.dataDir));
      expect(names.filter((name) => !name.endsWith('.json'))).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger um_test_keep_once on mail_outbox`);
      await db.execute(sql`drop sequence um_test_deletes`);
    }
  });
});

describe('mail left behind by a previous run', () => {
  it('goes out at start-up; a dead writer’s temporary file is removed, a live one’s kept', async () => {
    const first = await createTestApp();
    const to = uniqueEmail('huerfano');
    const dir = outboxDir(first.config.dataDir);
    await first.app.close();
    // What a run killed mid-way leaves: a committed row it had claimed, and a temporary file.
    await first.database.db.insert(mailOutbox).values({
      kind: 'message',
      recipient: to,
      subject: 'Pendiente',
      textBody: 'Hola',
      htmlBody: '<p>Hola</p>',
      messageId: randomUUID(),
      attempts: 1,
      nextAttemptAt: new Date(),
      lockedUntil: new Date(Date.now() + 60 * 60_000),
    });
    await mkdir(dir, { recursive: true });
    const deadWriter = `.${randomUUID()}.999999.tmp`;
    const liveWriter = `.${randomUUID()}.${process.ppid}.tmp`;
    await writeFile(path.join(dir, deadWriter), '{"to":');
    await writeFile(path.join(dir, liveWriter), '{"to":');
    const second = await createTestApp({
      database: first.database,
      config: { dataDir: first.config.dataDir },
    });
    try {
      await second.app.mailer.flush();
      const names = await readdir(dir);
      expect(names).not.toContain(deadWriter);
      expect(names).toContain(liveWriter);
      if (second.database.driver === 'pglite') {
        // Only this process can open the embedded database: the dead run's claim is void.
        expect(await readOutbox(second.config, to)).toHaveLength(1);
        expect(await outboxRow(second, to)).toBeUndefined();
      } else {
        // Another instance may hold the claim: it waits for the lease to pass.
        expect(await outboxRow(second, to)).toBeDefined();
      }
    } finally {
      await second.close();
      await first.database.close();
      await rm(first.config.dataDir, { recursive: true, force: true });
    }
  });
});

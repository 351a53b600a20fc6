import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, createTestApp, type TestContext } from '../../test/helpers';

type Received = { from: string; to: string[]; raw: string };

/** Decodes the quoted-printable body parts nodemailer uses for Spanish text. */
const decodeQuotedPrintable = (value: string) =>
  Buffer.from(
    value
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('verification email through a real SMTP peer', () => {
  let smtp: SMTPServer;
  let ctx: TestContext;
  const received: Received[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await createTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'UniMercado <no-reply@uni.test>' },
    });
  });

  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the Spanish email; its link verifies the account', async () => {
    const account = await createAccount(ctx);
    await ctx.app.mailer.flush();
    const message = received.find((m) => m.to.includes(account.email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@uni.test');
    const decoded = decodeQuotedPrintable(message!.raw);
    expect(decoded).toMatch(/Subject: .*Verifica tu email en UniMercado|Subject: =\?UTF-8\?/);
    expect(decoded).toContain('Gracias por registrarte en UniMercado');
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(decoded)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?token=${token}`,
    });
    expect(res.statusCode).toBe(200);
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verification-status',
      headers: bearer(account.token),
    });
    expect(status.json()).toEqual({ verified: true, email: account.email });
  });
});

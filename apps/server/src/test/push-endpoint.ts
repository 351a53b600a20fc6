import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A local push service for tests, over HTTPS with a self-signed certificate (fixtures/; the app
 * trusts it through `agent`) (issue 21: no public push service can be reached here). Each
 * browser it fakes has its own P-256 key pair and auth secret; a push it receives is DECRYPTED as
 * a browser would (RFC 8291 over RFC 8188's aes128gcm, with node:crypto's ECDH and HKDF) and its
 * VAPID signature (RFC 8292) is checked against the server's public key.
 */
export type ReceivedPush = {
  path: string;
  headers: IncomingMessage['headers'];
  /** The decrypted text the server sent. */
  plaintext: string;
  /** The VAPID token's claims, verified with the key named in the Authorization header. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
};

export type FakeBrowser = {
  /** What `PushSubscription.toJSON()` gives, for POST /api/push/subscriptions. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The pushes this browser received, in order. */
  received: ReceivedPush[];
  /** Resolves with the next push (or one received and not yet taken). */
  next: (timeoutMs?: number) => Promise<ReceivedPush>;
  /** The status the service answers with from now on (201; 404 or 410 for a gone subscription). */
  answerWith: (status: number) => void;
};

const info = (label: string, ...parts: Buffer[]) =>
  Buffer.concat([Buffer.from(`${label}\0`, 'latin1'), ...parts]);

/** RFC 8291 section 3.4 and RFC 8188 section 2: one record, the last one. */
export const decryptAes128gcm = (
  body: Buffer,
  browser: { ecdh: ReturnType<typeof createECDH>; authSecret: Buffer },
) => {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = browser.ecdh.computeSecret(serverPublicKey);
  const keyInfo = info('WebPush: info', browser.ecdh.getPublicKey(), serverPublicKey);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // Padding: the delimiter 0x02 (last record), then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
};

/** `Authorization: vapid t=<jwt>, k=<public key>`, verified (ES256) with that key. */
const verifyVapid = async (authorization: string | undefined) => {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, token = '', publicKey = ''] = match;
  const raw = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(token, key);
  return {
    aud: String(payload.aud),
    sub: String(payload.sub),
    exp: Number(payload.exp),
    publicKey,
  };
};

export const startPushService = async () => {
  const browsers = new Map<
    string,
    {
      ecdh: ReturnType<typeof createECDH>;
      authSecret: Buffer;
      status: number;
      received: ReceivedPush[];
      waiters: ((push: ReceivedPush) => void)[];
      taken: number;
    }
  >();
  const failures: unknown[] = [];
  const cert = readFileSync(new URL('./fixtures/push-service-cert.pem', import.meta.url));
  const key = readFileSync(new URL('./fixtures/push-service-key.pem', import.meta.url));
  const server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const browser = browsers.get(path);
      if (!browser) {
        response.writeHead(404).end();
        return;
      }
      void (async () => {
        try {
          if (browser.status >= 300) {
            response.writeHead(browser.status).end();
            return;
          }
          const push: ReceivedPush = {
            path,
            headers: request.headers,
            plaintext: decryptAes128gcm(Buffer.concat(chunks), browser),
            vapid: await verifyVapid(request.headers.authorization),
          };
          browser.received.push(push);
          browser.waiters.shift()?.(push);
          response.writeHead(201).end();
        } catch (error) {
          failures.push(error);
          response.writeHead(400).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  let count = 0;

  const newBrowser = (): FakeBrowser => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const path = `/push/${++count}-${randomBytes(8).toString('hex')}`;
    const state = { ecdh, authSecret, status: 201, received: [], waiters: [], taken: 0 };
    browsers.set(path, state);
    return {
      subscription: {
        endpoint: `${origin}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
      },
      received: state.received,
      next: (timeoutMs = 10_000) => {
        const ready = state.received[state.taken];
        if (ready) {
          state.taken += 1;
          return Promise.resolve(ready);
        }
        return new Promise<ReceivedPush>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no push arrived')), timeoutMs);
          (state.waiters as ((push: ReceivedPush) => void)[]).push((push) => {
            clearTimeout(timer);
            state.taken += 1;
            resolve(push);
          });
        });
      },
      answerWith: (status) => {
        state.status = status;
      },
    };
  };

  return {
    origin,
    /** For the app's pushes: trusts this service's self-signed certificate (and nothing else). */
    agent: new Agent({ ca: cert }),
    newBrowser,
    /** Requests that could not be decrypted or verified (a test expects none). */
    failures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

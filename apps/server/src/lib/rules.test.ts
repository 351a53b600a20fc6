import { describe, expect, it, vi } from 'vitest';
import { redactTokens } from './logger';
import { createMemoryCounterStore } from './counter-store';
import { createTokenService, readBearerToken } from './jwt';
import { averageRating } from './rating';
import {
  classifyVerificationToken,
  generateVerificationToken,
  hashVerificationToken,
  isEmailDomainAllowed,
  verificationExpiry,
} from './verification-token';

describe('verification tokens', () => {
  it('are 256-bit base64url strings, unique, stored as a sha256 hex hash', () => {
    const token = generateVerificationToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateVerificationToken()).not.toBe(token);
    const hash = hashVerificationToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashVerificationToken(token)).toBe(hash);
    expect(hash).not.toContain(token);
  });

  it('expire after the TTL; used beats expired', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const expiresAt = verificationExpiry(now, 24);
    expect(expiresAt.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(classifyVerificationToken({ usedAt: null, expiresAt }, now)).toBe('valid');
    expect(classifyVerificationToken({ usedAt: null, expiresAt }, expiresAt)).toBe('expired');
    expect(classifyVerificationToken({ usedAt: now, expiresAt }, new Date('2027-01-01'))).toBe(
      'used',
    );
  });
});

describe('email domain allowlist', () => {
  it('accepts the domain and its subdomains only', () => {
    const allowed = ['uni.edu.co'];
    expect(isEmailDomainAllowed('a@uni.edu.co', allowed)).toBe(true);
    expect(isEmailDomainAllowed('a@est.uni.edu.co', allowed)).toBe(true);
    expect(isEmailDomainAllowed('a@UNI.EDU.CO', allowed)).toBe(true);
    expect(isEmailDomainAllowed('a@evil-uni.edu.co', allowed)).toBe(false);
    expect(isEmailDomainAllowed('a@uni.edu.co.evil.com', allowed)).toBe(false);
    expect(isEmailDomainAllowed('a@gmail.com', [])).toBe(true);
  });
});

describe('averageRating', () => {
  it('rounds to two decimals and is 0 without reviews', () => {
    expect(averageRating(0, 0)).toBe(0);
    expect(averageRating(14, 3)).toBe(4.67);
    expect(averageRating(10, 4)).toBe(2.5);
    expect(averageRating(1, 3)).toBe(0.33);
    expect(averageRating(5, 1)).toBe(5);
  });
});

describe('bearer tokens', () => {
  it('treats missing, "null" and "undefined" tokens as absent', () => {
    expect(readBearerToken(undefined)).toBeUndefined();
    expect(readBearerToken('Bearer null')).toBeUndefined();
    expect(readBearerToken('Bearer undefined')).toBeUndefined();
    expect(readBearerToken('Basic abc')).toBeUndefined();
    expect(readBearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(readBearerToken('bearer abc')).toBe('abc');
  });

  it('signs HS256 tokens with the contract claims and rejects forged or expired ones', async () => {
    const service = createTokenService('s'.repeat(40), 'http://localhost:3000');
    const now = new Date();
    const { token, expiresAt } = await service.sign(
      { id: 7, email: 'a@uni.edu', name: 'Ana', roles: ['ROLE_USER'], tokenVersion: 3 },
      now,
    );
    const claims = await service.verify(token);
    expect(claims).toMatchObject({
      sub: '7',
      id: 7,
      email: 'a@uni.edu',
      name: 'Ana',
      roles: ['ROLE_USER'],
      tv: 3,
    });
    expect(claims!.exp * 1000).toBe(expiresAt.getTime());
    const other = createTokenService('o'.repeat(40), 'http://localhost:3000');
    expect(await other.verify(token)).toBeUndefined();
    const old = await service.sign(
      { id: 7, email: 'a@uni.edu', name: 'Ana', roles: [], tokenVersion: 0 },
      new Date(Date.now() - 8 * 24 * 3600 * 1000),
    );
    expect(await service.verify(old.token)).toBeUndefined();
    expect(await service.verify('garbage')).toBeUndefined();
  });

  it('a token checked once stops working when it expires, and a tampered copy never works', async () => {
    const service = createTokenService('s'.repeat(40), 'http://localhost:3000');
    const signedAt = new Date();
    const { token, expiresAt } = await service.sign(
      { id: 8, email: 'b@uni.edu', name: 'Beto', roles: ['ROLE_USER'], tokenVersion: 0 },
      signedAt,
    );
    expect(await service.verify(token)).toMatchObject({ id: 8 });
    expect(await service.verify(`${token.slice(0, -2)}xx`)).toBeUndefined();
    vi.useFakeTimers({ now: expiresAt.getTime() - 1000 });
    try {
      expect(await service.verify(token)).toMatchObject({ id: 8 });
      vi.setSystemTime(expiresAt.getTime());
      expect(await service.verify(token)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('request log redaction', () => {
  it('hides verification tokens in logged URLs', () => {
    expect(redactTokens('/api/auth/verify-email?token=abcDEF_-123')).toBe(
      '/api/auth/verify-email?token=[redacted]',
    );
    expect(redactTokens('/x?a=1&token=zzz&b=2')).toBe('/x?a=1&token=[redacted]&b=2');
    expect(redactTokens('/api/categories')).toBe('/api/categories');
    // Spelled so that only the parsed query says `token`.
    expect(redactTokens('/verify-email?%74oken=secret')).toBe('/verify-email?%74oken=[redacted]');
    expect(redactTokens('/x?TOKEN=secret&other=1')).toBe('/x?TOKEN=[redacted]&other=1');
    expect(redactTokens('/x?tokens=kept')).toBe('/x?tokens=kept');
  });
});

describe('memory counter store', () => {
  it('counts within a window and resets after it', async () => {
    let time = 0;
    const store = createMemoryCounterStore(() => time);
    expect((await store.increment('k', 1000)).count).toBe(1);
    expect((await store.increment('k', 1000)).count).toBe(2);
    expect(await store.peek('k')).toEqual({ count: 2, resetInMs: 1000 });
    time = 1000;
    expect((await store.peek('k')).count).toBe(0);
    expect((await store.increment('k', 1000)).count).toBe(1);
    await store.reset('k');
    expect((await store.peek('k')).count).toBe(0);
    await store.close();
  });
});

describe('memory counter store bound', () => {
  it('keeps at most its number of keys, dropping the least recently used', async () => {
    const time = 0;
    const store = createMemoryCounterStore(() => time, 3);
    for (const key of ['a', 'b', 'c']) await store.increment(key, 60_000);
    await store.increment('a', 60_000);
    await store.increment('d', 60_000);
    // 'b' was the least recently used: dropped; the others keep counting.
    expect((await store.peek('b')).count).toBe(0);
    expect((await store.peek('a')).count).toBe(2);
    expect((await store.peek('c')).count).toBe(1);
    expect((await store.peek('d')).count).toBe(1);
    await store.close();
  });
});

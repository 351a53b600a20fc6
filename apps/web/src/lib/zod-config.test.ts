import { describe, expect, it } from 'vitest';

describe('zod configuration (issue 7: no CSP violation)', () => {
  it('runs zod without JIT, so it never probes `new Function`', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const probe = globalThis.Function;
    let probed = false;
    globalThis.Function = new Proxy(probe, {
      construct: (target, args: string[]) => {
        probed = true;
        return new target(...args);
      },
    });
    try {
      const schema = z.object({ email: z.string().min(1) });
      expect(schema.safeParse({ email: 'ana@uni.edu' }).success).toBe(true);
      expect(schema.safeParse({ email: '' }).success).toBe(false);
    } finally {
      globalThis.Function = probe;
    }
    expect(probed).toBe(false);
  });
});

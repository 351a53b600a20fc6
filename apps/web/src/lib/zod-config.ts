/**
 * The page's CSP forbids `eval`, and zod 4 probes for it with `new Function` when its first object
 * schema is built: the browser reports a CSP violation on every page (issue 7). Without JIT
 * (`z.config({ jitless: true })`) zod never probes. Object schemas read the setting when they are
 * built, so it must be set before any chunk builds one: here, first thing in the entry. zod keeps
 * its settings in `globalThis.__zod_globalConfig` (zod/v4/core/core.js, shared by every copy of
 * zod) and `z.config()` merges into that object; setting it directly keeps zod itself out of the
 * entry chunk. lib/zod-config.test.ts checks that zod sees it.
 */
type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

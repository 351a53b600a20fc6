import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import pLimit from 'p-limit';
import { STORAGE_DRIVER_NAMES, type StorageSettings } from '../../config/env';
import type { Storage } from './types';

export type MoveSummary = {
  /** Files the source listed. */
  listed: number;
  /** Copied and verified by checksum. */
  copied: number;
  /** Already in the target with the same checksum (a rerun after an interruption). */
  skipped: number;
  /** Deleted from the source while the move ran. */
  gone: number;
  /** Written, but the target gave back other bytes. */
  mismatched: string[];
  failed: { key: string; error: string }[];
};

/** Copies in flight at once. */
const COPY_CONCURRENCY = 4;
/** Files listed before their copies start. */
const BATCH = 200;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Copies every file of `from` into `to` (the source is left as it was), resumable and verified:
 * a file already in the target with the same SHA-256 is skipped, any other is written and read
 * back, and the copy counts only when the checksums agree (decision 055).
 */
export const copyFiles = async (
  from: Storage,
  to: Storage,
  options: { onFile?: (key: string, outcome: string) => void } = {},
): Promise<MoveSummary> => {
  const summary: MoveSummary = {
    listed: 0,
    copied: 0,
    skipped: 0,
    gone: 0,
    mismatched: [],
    failed: [],
  };
  const limit = pLimit(COPY_CONCURRENCY);
  const copyOne = async (key: string) => {
    const [info, data] = await Promise.all([from.stat(key), from.get(key)]);
    if (!info || !data) return 'gone' as const;
    const checksum = sha256(data);
    const existing = await to.get(key);
    if (existing && sha256(existing) === checksum) return 'skipped' as const;
    await to.put(key, data, { contentType: info.contentType });
    const written = await to.get(key);
    return written && sha256(written) === checksum ? ('copied' as const) : ('mismatched' as const);
  };
  const handle = async (key: string) => {
    try {
      const outcome = await copyOne(key);
      if (outcome === 'mismatched') summary.mismatched.push(key);
      else summary[outcome] += 1;
      options.onFile?.(key, outcome);
    } catch (error) {
      summary.failed.push({ key, error: error instanceof Error ? error.message : String(error) });
      options.onFile?.(key, 'failed');
    }
  };
  // In batches: memory stays flat however many files the source holds.
  let batch: string[] = [];
  const flush = async () => {
    await Promise.all(batch.map((key) => limit(() => handle(key))));
    batch = [];
  };
  for await (const file of from.list()) {
    summary.listed += 1;
    batch.push(file.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return summary;
};

const USAGE =
  'Uso: npm run storage:move -- --from <disk|postgres|s3> --to <disk|postgres|s3> [--verbose]';

type Driver = StorageSettings['driver'];

/** The two drivers named on the command line, or the Spanish reason they are not usable. */
export const parseMoveArguments = (
  argv: string[],
): { from: Driver; to: Driver; verbose: boolean } | { error: string } => {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        verbose: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    return { error: `${(error as Error).message}\n${USAGE}` };
  }
  const isDriver = (value: string | undefined): value is Driver =>
    STORAGE_DRIVER_NAMES.includes(value as Driver);
  if (!isDriver(values.from) || !isDriver(values.to)) return { error: USAGE };
  if (values.from === values.to) {
    return { error: `El origen y el destino son el mismo (${values.from}).\n${USAGE}` };
  }
  return { from: values.from, to: values.to, verbose: values.verbose };
};

/** What the operator reads at the end; exit code 1 unless every file is verified in the target. */
export const describeMove = (from: Driver, to: Driver, summary: MoveSummary) => {
  const lines = [
    `Fotos de ${from} a ${to}: ${summary.listed} en el origen, ${summary.copied} copiadas y verificadas, ` +
      `${summary.skipped} ya estaban (mismo SHA-256), ${summary.gone} borradas durante la copia.`,
  ];
  for (const key of summary.mismatched) {
    lines.push(`  SHA-256 distinto en el destino: ${key}`);
  }
  for (const { key, error } of summary.failed) lines.push(`  Error con ${key}: ${error}`);
  const ok = summary.mismatched.length === 0 && summary.failed.length === 0;
  lines.push(
    ok
      ? `Listo. Cambia STORAGE_DRIVER=${to} y reinicia las instancias; el origen no se borró.`
      : `${summary.mismatched.length + summary.failed.length} fotos sin copiar: vuelve a ejecutar la orden (retoma donde quedó).`,
  );
  return { text: lines.join('\n'), code: ok ? 0 : 1 };
};

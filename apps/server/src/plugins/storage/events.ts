import { channel } from 'node:diagnostics_channel';

/** What one run of the photo sweep removed (decision 055). */
export type StorageSweepReport = {
  /** Uploads nobody published within a day: their rows and both files. */
  orphanUploads: number;
  /** Files older than a day that no row names (e.g. written before a crash). */
  orphanFiles: number;
};

/**
 * Published after every sweep, in this process only (Node's diagnostics_channel: no cost without
 * a subscriber). The metrics exporter counts it; tests and operators may listen too:
 * `diagnostics_channel.subscribe('unimercado:storage:sweep', (report) => …)`.
 */
export const STORAGE_SWEEP_CHANNEL = 'unimercado:storage:sweep';
export const storageSweepChannel = channel(STORAGE_SWEEP_CHANNEL);

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../config/env';

export const TEST_BUCKET = 'um-photos';

/** Settings of the s3 driver for a test server at `endpoint` (s3rver's fixed credentials). */
export const s3TestSettings = (
  endpoint: string,
  overrides: Partial<S3Settings> = {},
): S3Settings => ({
  bucket: TEST_BUCKET,
  region: 'us-east-1',
  endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  prefix: '',
  serve: 'proxy',
  signedUrlTtlSeconds: 900,
  ...overrides,
});

/**
 * A real S3-compatible server on the loopback (s3rver, pure JavaScript: it checks signatures with
 * its fixed S3RVER/S3RVER credentials and keeps objects in a temporary folder).
 */
export const startS3Server = async () => {
  const directory = await mkdtemp(path.join(tmpdir(), 'um-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const settings = (overrides: Partial<S3Settings> = {}) =>
    s3TestSettings(`http://127.0.0.1:${port}`, overrides);
  return {
    settings,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};

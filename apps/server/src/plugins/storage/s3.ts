import type { Readable } from 'node:stream';
import type { S3Settings } from '../../config/env';
import {
  assertKey,
  IMMUTABLE_CACHE_CONTROL,
  assertPrefix,
  chunked,
  isValidStorageKey,
  urlsFor,
  type Storage,
} from './types';

export const S3_CONNECTION_TIMEOUT_MS = 5_000;
export const S3_REQUEST_TIMEOUT_MS = 10_000;

/** S3's multi-object delete takes at most 1000 keys. */
const DELETE_BATCH = 1000;

/** S3-compatible object storage through `@aws-sdk/client-s3` (decision 055). */
export const createS3Storage = async (options: {
  s3: S3Settings;
  publicUrl: string;
  /** Milliseconds (tests lower them). */
  timeouts?: { connection: number; request: number };
}): Promise<Storage> => {
  // Loaded only when chosen: the SDK costs about 250 ms and 25 MB at start-up.
  const {
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadObjectCommand,
    paginateListObjectsV2,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const isNotFound = (error: unknown) =>
    error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
  const { s3 } = options;
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
    // An unreachable or hung service fails the request (the SDK retries twice) instead of
    // holding a photo request, or the sweep, for ever.
    requestHandler: {
      connectionTimeout: options.timeouts?.connection ?? S3_CONNECTION_TIMEOUT_MS,
      requestTimeout: options.timeouts?.request ?? S3_REQUEST_TIMEOUT_MS,
      // Without it the SDK only logs a warning when the time is up, and goes on waiting.
      throwOnRequestTimeout: true,
    },
    // Checksums only where S3 requires them: many S3-compatible services refuse the SDK's
    // newer default trailers (CRC32 in aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => {
    assertKey(key);
    return `${s3.prefix}${key}`;
  };
  const bodyOf = async (key: string, range?: { start: number; end: number }) => {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: s3.bucket,
          Key: objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };
  return {
    driver: 's3',
    put: async (key, data, { contentType }) => {
      // A PUT is atomic in S3: readers see the old object or the new one.
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
    get: async (key) => {
      const body = await bodyOf(key);
      return body ? Buffer.from(await body.transformToByteArray()) : undefined;
    },
    stat: async (key) => {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }),
        );
        return {
          size: head.ContentLength ?? 0,
          etag: head.ETag ?? `"${head.ContentLength}-${head.LastModified?.getTime()}"`,
          contentType: head.ContentType ?? 'application/octet-stream',
          lastModified: head.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    read: async (key, range) => (await bodyOf(key, range)) as Readable | undefined,
    delete: async (key) => {
      // Deleting a missing object succeeds in S3.
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }));
    },
    deleteMany: async (keys) => {
      for (const batch of chunked(keys.map(objectKey), DELETE_BATCH)) {
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: s3.bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(
            `S3 refused to delete ${failed.length} objects: ${failed[0]?.Code ?? ''} ${failed[0]?.Message ?? ''}`,
          );
        }
      }
    },
    list: async function* (prefix = '') {
      assertPrefix(prefix);
      const pages = paginateListObjectsV2(
        { client },
        { Bucket: s3.bucket, Prefix: `${s3.prefix}${prefix}` },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(s3.prefix.length) ?? '';
          if (!isValidStorageKey(key)) continue;
          yield { key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
        }
      }
    },
    ...(s3.serve === 'redirect'
      ? {
          redirectUrl: (key: string) =>
            getSignedUrl(client, new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }), {
              expiresIn: s3.signedUrlTtlSeconds,
            }),
        }
      : {}),
    close: () => client.destroy(),
    ...urlsFor(options.publicUrl),
  };
};

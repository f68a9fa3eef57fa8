import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertKey, type BlobStorage } from './storage';

export type S3StorageOptions = {
  /** Empty for AWS itself; the base URL of MinIO, R2, Ceph, s3rver... otherwise. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`; most self-hosted servers need it. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, so one bucket can hold several deployments (no trailing slash). */
  prefix?: string;
};

type Sdk = typeof S3Sdk;

/**
 * Photos in an S3-compatible bucket. Keys map 1:1 to object keys (under an optional prefix). The AWS SDK is
 * imported when this driver is created, so a server on local disk never loads it (about 14 MB resident).
 */
export class S3Storage implements BlobStorage {
  private readonly ready: Promise<{ sdk: Sdk; client: S3Client }>;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ? `${opts.prefix.replace(/\/+$/, '')}/` : '';
    this.ready = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: this.createClient(sdk, opts) }));
    // A failed import surfaces in the first call that needs the client, not as an unhandled rejection.
    this.ready.catch(() => {});
  }

  private createClient(sdk: Sdk, opts: S3StorageOptions): S3Client {
    return new sdk.S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
      // The SDK's default trailing CRC checksums (aws-chunked bodies) are not understood by many
      // S3-compatible servers; only send or check checksums where an operation requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const Key = this.objectKey(key);
    // Streamed from disk with a known length, so a large upload never sits in memory whole.
    const { size } = await stat(sourcePath);
    const { sdk, client } = await this.ready;
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key, Body: createReadStream(sourcePath), ContentLength: size }),
    );
    await unlink(sourcePath);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const { sdk, client } = await this.ready;
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.ready;
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key }));
      if (!out.Body) throw new Error(`Empty body for ${key}`);
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (error) {
      // Same shape as a missing local file, so callers treat both drivers alike.
      if (isNotFound(sdk, error)) throw Object.assign(new Error(`No such object: ${key}`), { code: 'ENOENT' });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too, which matches "deleting a missing key is not an error".
    const { sdk, client } = await this.ready;
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    const { sdk, client } = await this.ready;
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(sdk, error)) return false;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const out: string[] = [];
    const { sdk, client } = await this.ready;
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken }),
      );
      for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key.slice(this.prefix.length));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out.sort();
  }

  close(): void {
    void this.ready.then(
      ({ client }) => client.destroy(),
      () => {},
    );
  }
}

function isNotFound(sdk: Sdk, error: unknown): boolean {
  if (error instanceof sdk.S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

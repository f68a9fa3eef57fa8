import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
// s3rver ships no types; the little used here is declared in s3rver.d.ts.
import S3rver from 's3rver';

export type TestS3 = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Settings that point the app's STORAGE_DRIVER=s3 at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver: the S3 REST/XML API with SigV4 headers, the access key checked,
 * objects in a temp directory) on 127.0.0.1 and a random port, with one bucket.
 */
export async function startTestS3(bucket = 'vt-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'vt-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

import type { Config } from '../../config';
import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage } from './s3.storage';
import type { BlobStorage } from './storage';

/** The storage the settings name (STORAGE_DRIVER); the one place a driver is chosen. */
export function createStorage(settings: Config['storage']): BlobStorage {
  if (settings.driver === 's3') return new S3Storage(settings);
  return new LocalDiskStorage(settings.root);
}

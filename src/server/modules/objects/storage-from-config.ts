import type { Config } from '#server/config.ts'
import { LocalObjectStorage } from './local-object-storage.ts'
import type { ObjectStorage } from './object-storage.ts'
import { S3ObjectStorage } from './s3-object-storage.ts'

/** S3-compatible storage when all four S3 settings are given (config.ts checks all or none), else UPLOAD_DIR. */
export function objectStorageFromConfig(config: Config): ObjectStorage {
  const {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  } = config
  if (endpoint && bucket && accessKeyId && secretAccessKey) {
    return new S3ObjectStorage({
      endpoint,
      bucket,
      accessKeyId,
      secretAccessKey,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    })
  }
  return new LocalObjectStorage(config.UPLOAD_DIR)
}

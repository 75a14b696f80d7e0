import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3Settings } from '#server/modules/objects/s3-object-storage.ts'

export interface TestS3Server {
  /** What the app's S3 storage is configured with to reach this server and its bucket. */
  settings: S3Settings
  /** Where the server keeps its buckets on disk. */
  directory: string
  stop: () => Promise<void>
}

/**
 * A real S3-compatible server for the tests (s3rver, an npm dev dependency, so `npm ci` installs it): it
 * speaks S3's REST API over HTTP on 127.0.0.1, on a free port, with one empty bucket, keeping its objects in
 * a temporary folder. Its one account's key is S3RVER / S3RVER.
 */
export async function startS3Server(bucket = 'brickfolio-photos'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'brickfolio-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
      forcePathStyle: true,
    },
    directory,
    stop: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

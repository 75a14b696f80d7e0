import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { queryRows } from '#server/db/client.ts'
import { removeUnusedUploads } from '#server/modules/objects/objects.service.ts'
import { S3ObjectStorage } from '#server/modules/objects/s3-object-storage.ts'
import { objectStorageFromConfig } from '#server/modules/objects/storage-from-config.ts'
import { startS3Server, type TestS3Server } from '../support/s3-server.ts'
import { signUp, uniqueEmail } from '../support/session.ts'
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts'
import { hasGpsPointer, makePhoto, uploadPhoto } from '../support/uploads.ts'

/**
 * Photos in S3-compatible object storage (S3_*, ADR 019), against a real S3 server on 127.0.0.1 (s3rver): the
 * app is configured from the environment as main.ts does it, stores both sizes in the bucket with their type,
 * serves them back from it, keeps nothing of a refused file and removes an unused upload's objects.
 */
let s3: TestS3Server
let database: TestDatabase
let app: App
let storage: S3ObjectStorage
let cookie = ''

beforeAll(async () => {
  s3 = await startS3Server()
  database = await createTestDatabase()
  const config = loadConfig({
    S3_ENDPOINT: s3.settings.endpoint,
    S3_BUCKET: s3.settings.bucket,
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
  })
  const configured = objectStorageFromConfig(config)
  expect(configured).toBeInstanceOf(S3ObjectStorage)
  storage = configured as S3ObjectStorage
  app = await buildApp({ db: database.db, listen: database.listen, objectStorage: storage })
  cookie = (await signUp(app, { email: uniqueEmail('s3') })).cookie
})
afterAll(async () => {
  await app?.close()
  storage?.close()
  await database?.close()
  await s3?.stop()
})

/** The bucket's keys, read with a client of the test's own. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.settings.endpoint,
    region: s3.settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.settings.accessKeyId, secretAccessKey: s3.settings.secretAccessKey },
  })
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }))
    return (listed.Contents ?? []).map((object) => object.Key as string).sort()
  } finally {
    client.destroy()
  }
}

const name = (objectPath: string) => objectPath.replace('/objects/', '')

describe('S3-compatible storage', () => {
  it('stores, reads back and removes objects; a missing one is none', async () => {
    const bytes = Buffer.from('RIFF0000WEBPVP8 not really a picture')
    await storage.put('AAAAAAAAAAAAAAAAAAAAAA.webp', bytes, 'image/webp')
    const object = await storage.get('AAAAAAAAAAAAAAAAAAAAAA.webp')
    expect(object?.contentType).toBe('image/webp')
    expect(object?.size).toBe(bytes.length)
    const chunks: Buffer[] = []
    for await (const chunk of object?.body ?? []) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks)).toEqual(bytes)
    await storage.remove('AAAAAAAAAAAAAAAAAAAAAA.webp')
    expect(await storage.get('AAAAAAAAAAAAAAAAAAAAAA.webp')).toBeUndefined()
    await storage.remove('AAAAAAAAAAAAAAAAAAAAAA.webp')
    expect(await bucketKeys()).toEqual([])
  })

  it('keeps an upload’s two sizes in the bucket and serves them from there', async () => {
    const photo = await makePhoto('jpeg', { width: 2000, height: 1000, gps: true })
    const response = await uploadPhoto(app, cookie, { content: photo })
    expect(response.statusCode, response.body).toBe(201)
    const { objectPath, thumbnailPath } = response.json()
    expect(response.json()).toMatchObject({ width: 1600, height: 800 })
    expect(await bucketKeys()).toEqual([name(objectPath), name(thumbnailPath)].sort())

    const served = await app.inject({ url: objectPath })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.headers.etag).toBeTruthy()
    const metadata = await sharp(served.rawPayload).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 800 })
    expect(hasGpsPointer(metadata.exif)).toBe(false)
    expect(metadata.exif).toBeUndefined()
    const thumbnail = await sharp((await app.inject({ url: thumbnailPath })).rawPayload).metadata()
    expect([thumbnail.width, thumbnail.height]).toEqual([400, 200])

    expect((await app.inject({ url: '/objects/BBBBBBBBBBBBBBBBBBBBBB.webp' })).statusCode).toBe(404)

    // A day later, unused: the row and both objects go.
    await database.db.execute(
      sql`update uploads set created_at = now() - interval '25 hours' where image_path = ${objectPath}`,
    )
    expect(await removeUnusedUploads({ db: database.db, storage })).toMatchObject({ removed: 1 })
    expect(await bucketKeys()).toEqual([])
    expect((await app.inject({ url: objectPath })).statusCode).toBe(404)
  })

  it('puts nothing in the bucket for a refused file', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const response = await uploadPhoto(app, cookie, {
      content: svg,
      filename: 'a.png',
      contentType: 'image/png',
    })
    expect(response.statusCode).toBe(415)
    expect(await bucketKeys()).toEqual([])
    const [row] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from uploads`,
    )
    expect(row?.count).toBe(0)
  })
})

describe('S3 configuration', () => {
  it('takes all four S3 settings or none, and says so at start', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'photos' })).toThrow(
      /S3_ENDPOINT: set all four of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    )
    expect(() =>
      loadConfig({
        S3_ENDPOINT: 'ftp://files.example',
        S3_BUCKET: 'Photos!',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toThrow(/S3_ENDPOINT: must be the http\(s\) address[\s\S]*S3_BUCKET: must be a bucket name/)
    const config = loadConfig({})
    expect(config).toMatchObject({
      UPLOAD_DIR: './data/uploads',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    })
    expect(objectStorageFromConfig(config).description).toBe('local disk (./data/uploads)')
  })
})

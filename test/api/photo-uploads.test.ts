import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalObjectStorage } from '#server/modules/objects/local-object-storage.ts'
import { findOwnUpload } from '#server/modules/objects/objects.service.ts'
import { OBJECT_NAME_PATTERN } from '#shared/contract/objects.ts'
import { signUpPeople } from '../support/people.ts'
import { setupTestApp } from '../support/test-app.ts'
import { hasGpsPointer, makePhoto, type PhotoFormat, uploadPhoto } from '../support/uploads.ts'
import { fakeWebDist } from '../support/web-dist.ts'

/**
 * Photo uploads (DESIGN §6, issue 14 part 3): the four formats by their bytes, re-encoded without metadata and
 * upright, at two sizes, served back with long cache headers, `nosniff` and their type.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-uploads-'))
const context = setupTestApp({ objectStorage: new LocalObjectStorage(dir) })
let cookies: Record<'alice' | 'bob', string>
let aliceId = ''

beforeAll(async () => {
  cookies = await signUpPeople(context.app, context.database.db, ['alice', 'bob'])
  const me = await context.app.inject({ url: '/api/auth/user', headers: { cookie: cookies.alice } })
  aliceId = me.json().id
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const served = (url: string) => context.app.inject({ url })

describe('POST /api/objects/upload', () => {
  it.each<[PhotoFormat, string]>([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
  ])('takes a %s photo and serves it back as WebP at two sizes', async (format, contentType) => {
    const photo = await makePhoto(format, { width: 640, height: 480 })
    const response = await uploadPhoto(context.app, cookies.alice, {
      content: photo,
      filename: `photo.${format}`,
      contentType,
    })
    expect(response.statusCode, response.body).toBe(201)
    const body = response.json()
    expect(body).toEqual({
      objectPath: expect.stringMatching(/^\/objects\/[A-Za-z0-9_-]{22}\.webp$/),
      thumbnailPath: expect.stringMatching(/^\/objects\/[A-Za-z0-9_-]{22}\.webp$/),
      width: 640,
      height: 480,
    })
    expect(body.thumbnailPath).not.toBe(body.objectPath)
    const display = await served(body.objectPath)
    expect(display.statusCode).toBe(200)
    expect(await sharp(display.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
      height: 480,
    })
    const thumbnail = await served(body.thumbnailPath)
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 300,
    })
  })

  it('takes the type from the bytes, not the name or declared type', async () => {
    const png = await makePhoto('png', { width: 32, height: 32 })
    const response = await uploadPhoto(context.app, cookies.alice, {
      content: png,
      filename: 'holiday.txt',
      contentType: 'application/octet-stream',
    })
    expect(response.statusCode, response.body).toBe(201)
  })

  it('drops EXIF with its GPS position and turns the photo upright', async () => {
    // Stored sideways, as phones do, with orientation 6 ("turn 90° clockwise to show") and where it was taken.
    const photo = await makePhoto('jpeg', { width: 800, height: 600, orientation: 6, gps: true })
    const original = await sharp(photo).metadata()
    expect(original.orientation).toBe(6)
    expect(hasGpsPointer(original.exif)).toBe(true)
    expect(photo.includes('Brickfolio test camera')).toBe(true)

    const response = await uploadPhoto(context.app, cookies.alice, { content: photo })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ width: 600, height: 800 })
    for (const url of [response.json().objectPath, response.json().thumbnailPath]) {
      const bytes = (await served(url)).rawPayload
      const metadata = await sharp(bytes).metadata()
      expect(metadata.exif).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
      expect(metadata.icc).toBeUndefined()
      expect(metadata.orientation).toBeUndefined()
      expect(bytes.includes('Exif')).toBe(false)
      expect(bytes.includes('Brickfolio test camera')).toBe(false)
      expect(metadata.height).toBeGreaterThan(metadata.width)
    }
  })

  it('keeps the display size within 1600 px and the thumbnail within 400 px, never enlarging', async () => {
    const large = await uploadPhoto(context.app, cookies.alice, {
      content: await makePhoto('jpeg', { width: 3000, height: 1200 }),
    })
    expect(large.json()).toMatchObject({ width: 1600, height: 640 })
    const largeThumbnail = await sharp((await served(large.json().thumbnailPath)).rawPayload).metadata()
    expect([largeThumbnail.width, largeThumbnail.height]).toEqual([400, 160])

    const tall = await uploadPhoto(context.app, cookies.alice, {
      content: await makePhoto('png', { width: 900, height: 2400 }),
    })
    expect(tall.json()).toMatchObject({ width: 600, height: 1600 })

    const small = await uploadPhoto(context.app, cookies.alice, {
      content: await makePhoto('webp', { width: 120, height: 90 }),
    })
    expect(small.json()).toMatchObject({ width: 120, height: 90 })
    const smallThumbnail = await sharp((await served(small.json().thumbnailPath)).rawPayload).metadata()
    expect([smallThumbnail.width, smallThumbnail.height]).toEqual([120, 90])
  })

  it('takes a photo with bytes after its end, and stores none of them', async () => {
    const payload = '<html><script>alert(document.cookie)</script></html>'
    const photo = Buffer.concat([await makePhoto('jpeg', { width: 64, height: 64 }), Buffer.from(payload)])
    const response = await uploadPhoto(context.app, cookies.alice, { content: photo })
    expect(response.statusCode, response.body).toBe(201)
    const bytes = (await served(response.json().objectPath)).rawPayload
    expect(bytes.includes('<script>')).toBe(false)
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
  })

  it('records the upload for its uploader, under random names stored on disk', async () => {
    const response = await uploadPhoto(context.app, cookies.alice, {
      content: await makePhoto('jpeg', { width: 50, height: 40 }),
    })
    const { objectPath, thumbnailPath } = response.json()
    const own = await findOwnUpload({ db: context.database.db, userId: aliceId, imagePath: objectPath })
    expect(own).toEqual({ id: expect.any(String), imagePath: objectPath, thumbnailPath })
    const bob = await context.app.inject({ url: '/api/auth/user', headers: { cookie: cookies.bob } })
    expect(
      await findOwnUpload({ db: context.database.db, userId: bob.json().id, imagePath: objectPath }),
    ).toBeNull()
    expect(
      await findOwnUpload({ db: context.database.db, userId: aliceId, imagePath: '/objects/../etc/passwd' }),
    ).toBeNull()
    const files = readdirSync(dir)
    expect(files).toContain(path.basename(objectPath))
    expect(files).toContain(path.basename(thumbnailPath))
    expect(files.every((name) => OBJECT_NAME_PATTERN.test(name))).toBe(true)
  })

  it('answers 401 to someone signed out, before reading the body', async () => {
    const response = await uploadPhoto(context.app, undefined, {
      content: await makePhoto('jpeg', { width: 10, height: 10 }),
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      message: 'Authentication required. Please sign in.',
      code: 'UNAUTHENTICATED',
    })
  })
})

describe('GET /objects/{name}', () => {
  let objectPath = ''
  beforeAll(async () => {
    const response = await uploadPhoto(context.app, cookies.bob, {
      content: await makePhoto('png', { width: 64, height: 48 }),
    })
    objectPath = response.json().objectPath
  })

  it('serves the photo to anyone with its type, nosniff, a year of caching and an ETag', async () => {
    const response = await served(objectPath)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/webp')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
    const etag = response.headers.etag as string
    expect(etag).toMatch(/^".+"$/)

    const again = await context.app.inject({ url: objectPath, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const head = await context.app.inject({ method: 'HEAD', url: objectPath })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('image/webp')
  })

  it('answers 404 for a name that was never stored', async () => {
    const response = await served('/objects/AAAAAAAAAAAAAAAAAAAAAA.webp')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it.each([
    '/objects/..%2F..%2Fetc%2Fpasswd',
    '/objects/%2E%2E%2Fpackage.json',
    '/objects/..%5Cpackage.json',
    '/objects/AAAAAAAAAAAAAAAAAAAAAA.webp%00.png',
    '/objects/AAAAAAAAAAAAAAAAAAAAAA.html',
    '/objects/.partial',
    '/objects/AAAAAAAAAAAAAAAAAAAAAA',
  ])('refuses a name that is not one of ours: %s', async (url) => {
    const response = await served(url)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
    expect(response.headers['content-type']).toMatch(/^application\/json/)
  })

  it.each(['/objects/../package.json', '/objects/../../etc/passwd', '/objects/'])(
    'never serves a file outside the uploads: %s',
    async (url) => {
      const response = await served(url)
      expect([400, 404]).toContain(response.statusCode)
      expect(response.body).not.toContain('"name": "brickfolio"')
      expect(response.body).not.toContain('root:')
    },
  )
})

describe('beside the built web app', () => {
  const withWebApp = setupTestApp({ webDistDir: fakeWebDist(), objectStorage: new LocalObjectStorage(dir) })

  it.each(['/objects', '/objects/', '/objects/missing', '/objects/AAAAAAAAAAAAAAAAAAAAAA.webp'])(
    '%s is never answered with the app’s page',
    async (url) => {
      const response = await withWebApp.app.inject({ url, headers: { accept: 'text/html' } })
      expect([400, 404]).toContain(response.statusCode)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.body).not.toContain('<div id="root">')
    },
  )
})

import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { LocalObjectStorage } from '#server/modules/objects/local-object-storage.ts'
import { signUpPeople } from '../support/people.ts'
import { setupTestApp } from '../support/test-app.ts'
import { type FormFile, form, makePhoto, uploadPhoto } from '../support/uploads.ts'

/**
 * Files that are no photo we take get a 4xx a person can act on, and nothing of them is stored: no object in
 * the upload folder, no row in `uploads` (DESIGN §6, issue 14 part 3).
 */
const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-refused-uploads-'))
const context = setupTestApp({ objectStorage: new LocalObjectStorage(dir) })
let cookie = ''
let port = 0

beforeAll(async () => {
  cookie = (await signUpPeople(context.app, context.database.db, ['member'])).member
  await context.app.listen({ port: 0, host: '127.0.0.1' })
  port = (context.app.server.address() as AddressInfo).port
})
afterAll(() => {
  // Before the app closes: a refused upload's connection may still be open.
  context.app.server.closeAllConnections()
  rmSync(dir, { recursive: true, force: true })
})

async function nothingStored() {
  expect(readdirSync(dir)).toEqual([])
  const [row] = await queryRows<{ count: number }>(
    context.database.db,
    sql`select count(*)::int as count from uploads`,
  )
  expect(row?.count).toBe(0)
}
beforeEach(nothingStored)

const ACCEPTED = 'Photos must be JPEG, PNG, WebP or AVIF images.'

/** A PNG whose header declares `width` × `height` (with a correct checksum), followed by one pixel's data. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: 'red' } })
      .png()
      .toBuffer(),
  )
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  // IHDR's CRC covers its type and data (bytes 12–28), so the header reads as valid.
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

/** A 2 × 2 24-bit BMP, written by hand (sharp does not write BMP). */
function bmp(): Buffer {
  const header = Buffer.alloc(54)
  header.write('BM', 0, 'latin1')
  header.writeUInt32LE(54 + 16, 2)
  header.writeUInt32LE(54, 10)
  header.writeUInt32LE(40, 14)
  header.writeInt32LE(2, 18)
  header.writeInt32LE(2, 22)
  header.writeUInt16LE(1, 26)
  header.writeUInt16LE(24, 28)
  return Buffer.concat([header, Buffer.alloc(16, 0x80)])
}

/** The start of an ISO media file whose `ftyp` box names these brands, as a HEIC photo's does. */
function isoMedia(...brands: string[]): Buffer {
  const box = Buffer.alloc(8 + 8 + 4 * (brands.length - 1))
  box.writeUInt32BE(box.length, 0)
  box.write('ftyp', 4, 'latin1')
  box.write(brands[0] as string, 8, 'latin1')
  for (const [index, brand] of brands.slice(1).entries()) box.write(brand, 16 + 4 * index, 'latin1')
  return Buffer.concat([box, Buffer.alloc(200)])
}

const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>fetch("/api/auth/user").then(r => r.text()).then(alert)</script><rect width="10" height="10"/></svg>',
)
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>')

describe('a file that is not a photo we take', () => {
  const cases: Array<[string, () => Promise<FormFile>, RegExp]> = [
    [
      'an SVG with a script',
      async () => ({ content: SVG_WITH_SCRIPT, filename: 'drawing.svg', contentType: 'image/svg+xml' }),
      /^This file is an SVG drawing, whatever its name says/,
    ],
    [
      'an SVG renamed .jpg',
      async () => ({ content: SVG_WITH_SCRIPT, filename: 'photo.jpg', contentType: 'image/jpeg' }),
      /^This file is an SVG drawing/,
    ],
    [
      'HTML renamed .jpg and sent as image/png',
      async () => ({ content: HTML, filename: 'photo.jpg', contentType: 'image/png' }),
      /^This file is a web page, whatever its name says/,
    ],
    [
      'an HTML page with a real PNG inside it (a polyglot)',
      async () => ({
        content: Buffer.concat([
          Buffer.from('<html><script>alert(1)</script><!--'),
          await makePhoto('png', { width: 8, height: 8 }),
          Buffer.from('--></html>'),
        ]),
        filename: 'photo.png',
        contentType: 'image/png',
      }),
      /^This file is a web page/,
    ],
    [
      'a GIF',
      async () => ({
        content: await sharp({ create: { width: 4, height: 4, channels: 3, background: 'blue' } })
          .gif()
          .toBuffer(),
        filename: 'a.gif',
      }),
      /^This file is a GIF image/,
    ],
    ['a BMP', async () => ({ content: bmp(), filename: 'a.bmp' }), /^This file is a BMP image/],
    [
      'a TIFF',
      async () => ({
        content: await sharp({ create: { width: 4, height: 4, channels: 3, background: 'blue' } })
          .tiff()
          .toBuffer(),
        filename: 'a.tif',
      }),
      /^This file is a TIFF image/,
    ],
    [
      'a HEIC photo',
      async () => ({ content: isoMedia('heic', 'mif1', 'heic'), filename: 'IMG_0001.HEIC' }),
      /^This file is a HEIC photo/,
    ],
    [
      'random bytes named .jpg',
      async () => ({ content: Buffer.from('just some text, not a picture at all'), filename: 'photo.jpg' }),
      /^This file is not a photo we can read, whatever its name says/,
    ],
  ]
  it.each(cases)(
    '%s: 415 naming what it is and what is accepted; nothing stored',
    async (_, file, message) => {
      const response = await uploadPhoto(context.app, cookie, await file())
      expect(response.statusCode, response.body).toBe(415)
      expect(response.json().code).toBe('UNSUPPORTED_IMAGE_TYPE')
      expect(response.json().message).toMatch(message)
      expect(response.json().message).toContain(ACCEPTED)
      await nothingStored()
    },
  )
})

describe('a damaged photo', () => {
  it.each<[string, () => Promise<Buffer>]>([
    ['a JPEG cut off before its end', async () => (await makePhoto('jpeg')).subarray(0, -200)],
    ['a PNG cut off in its pixel data', async () => cutInHalf(await makePhoto('png'))],
    ['a WebP cut off', async () => (await makePhoto('webp')).subarray(0, -100)],
    ['an AVIF cut off', async () => cutInHalf(await makePhoto('avif'))],
    ['a JPEG header with nothing after it', async () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10])],
  ])('%s: 400, nothing stored', async (_, photo) => {
    const response = await uploadPhoto(context.app, cookie, { content: await photo() })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toMatchObject({ code: 'IMAGE_DAMAGED' })
    expect(response.json().message).toMatch(/file is damaged or cut off, so it cannot be read/)
    await nothingStored()
  })
})

const cutInHalf = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))

describe('a photo that is too large', () => {
  it('refuses a pixel bomb from its header: a tiny PNG declaring 50,000 × 50,000 pixels', async () => {
    const bomb = await pngDeclaring(50_000, 50_000)
    expect(bomb.length).toBeLessThan(100)
    const before = process.memoryUsage().rss
    const response = await uploadPhoto(context.app, cookie, { content: bomb, filename: 'tiny.png' })
    expect(response.statusCode, response.body).toBe(413)
    expect(response.json()).toEqual({
      message:
        'This photo is 50000 × 50000 pixels (2,500 megapixels); photos can be at most 40 megapixels. ' +
        'Make it smaller and upload it again.',
      code: 'IMAGE_TOO_MANY_PIXELS',
    })
    // Nothing was decoded: 2,500 megapixels would take gigabytes.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024)
    await nothingStored()
  })

  it('refuses a header just over 40 megapixels, and takes one of exactly 40', async () => {
    const over = await uploadPhoto(context.app, cookie, { content: await pngDeclaring(8000, 5001) })
    expect(over.statusCode).toBe(413)
    expect(over.json().message).toMatch(/^This photo is 8000 × 5001 pixels \(40 megapixels\)/)
    await nothingStored()
    // Exactly at the limit the header passes; this one's pixel data is a single pixel, so it is damaged.
    const at = await uploadPhoto(context.app, cookie, { content: await pngDeclaring(8000, 5000) })
    expect(at.json().code).toBe('IMAGE_DAMAGED')
    await nothingStored()
  })

  it('refuses a file over 8 MB with 413', async () => {
    const big = Buffer.concat([
      await makePhoto('jpeg', { width: 16, height: 16 }),
      Buffer.alloc(8 * 1024 * 1024),
    ])
    const response = await uploadPhoto(context.app, cookie, { content: big })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      message: 'The photo is larger than 8 MB. Make it smaller and upload it again.',
      code: 'IMAGE_TOO_LARGE',
    })
    await nothingStored()
  })

  it('refuses a body that declares 200 MB before reading any of it', async () => {
    const answer = await rawUpload({ 'content-length': String(200 * 1024 * 1024) }, 0)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'IMAGE_TOO_LARGE' })
    expect(answer.sent).toBe(0)
    await nothingStored()
  })

  it('refuses a 200 MB upload sent without a length as soon as it passes 8 MB, holding none of it', async () => {
    const before = process.memoryUsage().rss
    const started = performance.now()
    const answer = await rawUpload({ 'transfer-encoding': 'chunked' }, 200 * 1024 * 1024)
    const grown = process.memoryUsage().rss - before
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'IMAGE_TOO_LARGE' })
    // Answered at the limit, not after the whole body: the client had sent little more than 8 MB.
    expect(answer.sent).toBeLessThan(40 * 1024 * 1024)
    expect(grown).toBeLessThan(100 * 1024 * 1024)
    console.info(
      `200 MB upload: answered after ${answer.sent / 1024 / 1024} MB sent, in ${Math.round(performance.now() - started)} ms; RSS grew ${Math.round(grown / 1024 / 1024)} MB`,
    )
    await nothingStored()
  }, 60_000)
})

describe('a request that is not one photo in the field "image"', () => {
  const post = (payload: Buffer | string, headers: Record<string, string>) =>
    context.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie, ...headers },
      payload,
    })

  it('a form without a file: 400', async () => {
    const body = form([], { caption: 'my castle' })
    const response = await post(body.payload, body.headers)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'Choose a photo to upload: the form has no file in the field "image".',
      code: 'NO_IMAGE',
    })
    await nothingStored()
  })

  it('a file in another field: 400 naming the field to use', async () => {
    const response = await uploadPhoto(context.app, cookie, {
      content: await makePhoto('jpeg', { width: 8, height: 8 }),
      field: 'file',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: 'Send the photo in the form field "image", not "file".',
      code: 'NO_IMAGE',
    })
    await nothingStored()
  })

  it('an empty file: 400', async () => {
    const response = await uploadPhoto(context.app, cookie, { content: Buffer.alloc(0) })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'NO_IMAGE', message: 'The file is empty: choose a photo.' })
    await nothingStored()
  })

  it('two files: 400, and neither is stored', async () => {
    const photo = await makePhoto('jpeg', { width: 8, height: 8 })
    const response = await uploadPhoto(context.app, cookie, { content: photo }, { content: photo })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({
      message: 'Send one photo at a time: the form has more than one file.',
      code: 'TOO_MANY_FILES',
    })
    await nothingStored()
  })

  it.each<[string, Buffer | string, Record<string, string>]>([
    [
      'JSON',
      JSON.stringify({ image: 'data:image/png;base64,iVBORw0KGgo=' }),
      { 'content-type': 'application/json' },
    ],
    ['the bare image bytes', Buffer.from([0x89, 0x50, 0x4e, 0x47]), { 'content-type': 'image/png' }],
    ['no type at all', 'image=1', {}],
  ])('a body that is not a form (%s): 415 saying how to send it', async (_, payload, headers) => {
    const response = await post(payload, headers)
    expect(response.statusCode, response.body).toBe(415)
    expect(response.json().code).toBe('UPLOAD_NOT_A_FORM')
    expect(response.json().message).toMatch(
      /^Send the photo as a multipart\/form-data form with the file in the field "image"/,
    )
    await nothingStored()
  })

  it('a form without its boundary, or cut off: 400', async () => {
    const noBoundary = await post('--x\r\n', { 'content-type': 'multipart/form-data' })
    expect(noBoundary.statusCode, noBoundary.body).toBe(400)
    expect(noBoundary.json().code).toBe('BAD_UPLOAD_FORM')
    const body = form([{ content: await makePhoto('jpeg', { width: 8, height: 8 }) }])
    const cut = await post(body.payload.subarray(0, body.payload.length - 60), body.headers)
    expect(cut.statusCode, cut.body).toBe(400)
    await nothingStored()
  })
})

/**
 * A multipart upload over a real socket: `headers`, then up to `size` bytes of a "photo" in 1 MB chunks
 * until the server answers. Answers the status, the body and how much of the file was sent.
 */
function rawUpload(
  headers: Record<string, string>,
  size: number,
): Promise<{ status: number; body: string; sent: number }> {
  const boundary = 'brickfolio-test-boundary'
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/objects/upload',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
      },
      (response) => {
        answered = true
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          outgoing.destroy()
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sent })
        })
      },
    )
    outgoing.on('error', (error) => {
      if (!answered) reject(error)
    })
    if (size === 0) return outgoing.flushHeaders()
    outgoing.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    )
    // The same 1 MB over and over: the test holds one chunk, never the 200 MB.
    const chunk = Buffer.alloc(1024 * 1024, 0xaa)
    chunk.set([0xff, 0xd8, 0xff, 0xe0])
    // One chunk a turn of the event loop, as a browser's upload goes: the server's early answer is read as soon
    // as it arrives, before writing on into a connection it is about to close (which fails with EPIPE).
    const push = () => {
      if (answered) return
      if (sent >= size) return outgoing.end(`\r\n--${boundary}--\r\n`)
      sent += chunk.length
      if (outgoing.write(chunk)) setImmediate(push)
      else outgoing.once('drain', () => setImmediate(push))
    }
    push()
  })
}

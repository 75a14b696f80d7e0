import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixture, importJson, importUpload } from '../support/imports.ts'
import { signUpPeople } from '../support/people.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Files that cannot be imported get a clear 4xx and write nothing (ADR 010, 013): cut off, binary, an
 * entity bomb, no format we know, too large pasted or uploaded; nothing of them is kept on disk.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-bad-imports-'))
const context = setupTestApp({ imports: { dir } })
let cookies: Record<'admin' | 'user', string>
let port = 0

beforeAll(async () => {
  cookies = await signUpPeople(context.app, context.database.db, ['admin', 'user'])
  await context.app.listen({ port: 0, host: '127.0.0.1' })
  port = (context.app.server.address() as AddressInfo).port
})
afterAll(() => {
  // Before the app closes: a refused upload's connection may still be open.
  context.app.server.closeAllConnections()
  rmSync(dir, { recursive: true, force: true })
})

const kept = () => readdirSync(dir)

describe('a file that cannot be imported', () => {
  it.each([
    ['truncated.csv', 'csv', /cut off/],
    ['truncated-quote.csv', 'csv', /cut off/],
    ['truncated.xml', 'bricklink', /cut off/],
    ['png-renamed.csv', 'csv', /not a text file.*PNG/i],
    ['entity-bomb.xml', 'bricklink', /document type|DOCTYPE|entit/i],
    ['empty.csv', 'csv', /empty/i],
    ['header-only.csv', 'csv', /./],
    ['unrecognised.csv', 'csv', /header/i],
  ])('%s: 400 with a sentence, nothing written or kept', async (name, source, message) => {
    const before = await tableChecksums(context.database.db)
    for (const mode of ['preview', 'commit']) {
      const response = await importUpload(context.app, cookies.admin, { source, mode }, [
        { name, content: fixture(name) },
      ])
      expect(response.statusCode, `${mode}: ${response.body}`).toBe(400)
      expect(response.json().message).toMatch(message)
    }
    expect(await tableChecksums(context.database.db)).toEqual(before)
    expect(kept()).toEqual([])
  })

  it('refuses more than 5 MB pasted, pointing at the upload', async () => {
    const data = `Number,Theme,Subtheme,Year,Name,Owned,Wanted,Retail\n${'75192-1,Star Wars,,2017,Falcon,1,0,1\n'.repeat(150_000)}`
    expect(Buffer.byteLength(data)).toBeGreaterThan(5 * 1024 * 1024)
    const response = await importJson(context.app, cookies.user, { source: 'csv', data })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      message: 'Pasted data is limited to 5 MB: upload the file instead (up to 100 MB).',
      code: 'IMPORT_TOO_LARGE',
    })
  })

  it('refuses a body that declares more than 100 MB before reading any of it', async () => {
    const answer = await rawUpload({ 'content-length': String(200 * 1024 * 1024) }, 0)
    expect(answer.status).toBe(413)
    expect(answer.body).toContain('The file is larger than 100 MB.')
    expect(answer.sent).toBe(0)
    expect(kept()).toEqual([])
  })

  it('refuses a 200 MB upload sent without a length, streaming it to disk and keeping nothing', async () => {
    const before = process.memoryUsage().rss
    const answer = await rawUpload({ 'transfer-encoding': 'chunked' }, 200 * 1024 * 1024)
    const grown = process.memoryUsage().rss - before
    expect(answer.status).toBe(413)
    expect(answer.body).toContain('The file is larger than 100 MB.')
    // Read as a stream: far less than the upload ever sits in memory, and answered at the limit.
    expect(grown).toBeLessThan(100 * 1024 * 1024)
    expect(answer.sent).toBeLessThan(120 * 1024 * 1024)
    console.info(
      `200 MB upload: answered after ${answer.sent / 1024 / 1024} MB sent; RSS grew ${Math.round(grown / 1024 / 1024)} MB`,
    )
    expect(kept()).toEqual([])
  }, 60_000)
})

/**
 * A multipart upload over a real socket: `headers`, then up to `size` bytes of file sent in 1 MB chunks
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
        path: '/api/import/data',
        headers: {
          cookie: cookies.user,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...headers,
        },
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
      `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\ncsv\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\n\r\n` +
        'Number,Theme,Subtheme,Year,Name,Owned,Wanted,Retail\n',
    )
    const chunk = Buffer.from('75192-1,Star Wars,,2017,Falcon,1,0,1\n'.repeat(28_000).slice(0, 1024 * 1024))
    const push = () => {
      while (!answered && sent < size) {
        sent += chunk.length
        if (!outgoing.write(chunk)) return outgoing.once('drain', push)
      }
      if (!answered) outgoing.end(`\r\n--${boundary}--\r\n`)
    }
    push()
  })
}

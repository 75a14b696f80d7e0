import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { isIP } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importResultSchema } from '#shared/contract/imports.ts'
import { startHttpServer } from '../support/http-stub-server.ts'
import { fixture, importJson, importUpload } from '../support/imports.ts'
import { signUpPeople } from '../support/people.ts'
import { tableChecksums } from '../support/table-checksums.ts'
import { setupTestApp } from '../support/test-app.ts'

/**
 * Imports from a web address go through the same safe fetch as the image proxy: http(s) only, public
 * addresses only (after DNS, each redirect again), 100 MB and a time limit. The file host of these tests
 * listens on 127.0.0.2, the one non-public address the fetcher is told to trust; a server on 127.0.0.1
 * plays an internal service that must never be reached.
 */
const HOSTS: Record<string, string> = { 'files.test': '127.0.0.2', 'internal.test': '127.0.0.1' }
const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-url-imports-'))
const context = setupTestApp({
  imports: {
    dir,
    fetch: {
      trustedAddresses: ['127.0.0.2'],
      timeoutMs: 1000,
      resolve: async (hostname) => {
        if (isIP(hostname)) return [{ address: hostname, family: isIP(hostname) }]
        const address = HOSTS[hostname]
        if (!address)
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
        return [{ address, family: 4 }]
      },
    },
  },
})

let cookie = ''
let internalHits = 0
let internal: Awaited<ReturnType<typeof startHttpServer>>
let files: { url: string; close: () => Promise<void> }

beforeAll(async () => {
  cookie = (await signUpPeople(context.app, context.database.db, ['user'])).user
  internal = await startHttpServer((_request, response) => {
    internalHits++
    response.writeHead(200, { 'content-type': 'text/csv' }).end('secret')
  })
  const internalPort = new URL(internal.url).port
  const { createServer } = await import('node:http')
  const server = createServer((request, response) => {
    const url = request.url ?? '/'
    if (url === '/inventory.xml')
      response.writeHead(200, { 'content-type': 'text/xml' }).end(fixture('bricklink-inventory.xml'))
    else if (url === '/to-internal')
      response.writeHead(302, { location: `http://127.0.0.1:${internalPort}/x.csv` }).end()
    else if (url === '/huge.csv')
      response.writeHead(200, { 'content-length': String(200 * 1024 * 1024) }).end()
    else if (url === '/slow.csv') setTimeout(() => response.writeHead(200).end('late'), 3000)
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve))
  const port = (server.address() as { port: number }).port
  files = {
    url: `http://files.test:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
})

afterAll(async () => {
  await files?.close()
  await internal?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('importing from a web address', () => {
  it('fetches a public file and imports it', async () => {
    const response = await importJson(context.app, cookie, {
      source: 'bricklink',
      url: `${files.url}/inventory.xml`,
      data: '',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(importResultSchema.parse(response.json())).toMatchObject({
      format: 'bricklink-inventory',
      imported: 2,
    })
    // An upload's form may carry the address instead of a file.
    const again = await importUpload(
      context.app,
      cookie,
      { source: 'bricklink', url: `${files.url}/inventory.xml` },
      [],
    )
    expect(importResultSchema.parse(again.json())).toMatchObject({ imported: 0, unchanged: 2 })
    expect(readdirSync(dir)).toEqual([])
  })

  it.each([
    [
      '127.0.0.1',
      () => `${internal.url}/x.csv`,
      403,
      'Files are not fetched from 127.0.0.1: it is not a public address.',
    ],
    [
      'a name that resolves to 127.0.0.1',
      () => `http://internal.test:${new URL(internal.url).port}/x.csv`,
      403,
      'Files are not fetched from internal.test: it is not a public address.',
    ],
    [
      'a redirect to 127.0.0.1',
      () => `${files.url}/to-internal`,
      403,
      'Files are not fetched from 127.0.0.1: it is not a public address.',
    ],
    ['a file over 100 MB', () => `${files.url}/huge.csv`, 413, 'The file is larger than 100 MB.'],
    ['a missing file', () => `${files.url}/missing.csv`, 400, 'files.test answered 404 instead of the file.'],
    [
      'a host that does not exist',
      () => 'http://nowhere.test/x.csv',
      400,
      'nowhere.test could not be reached: check the address, or download the file and upload it.',
    ],
    [
      'a host slower than the time limit',
      () => `${files.url}/slow.csv`,
      400,
      'The address took longer than 1 second to send the file: download it and upload it instead.',
    ],
  ])('refuses %s, writing and keeping nothing', async (_case, url, status, message) => {
    const before = await tableChecksums(context.database.db)
    const response = await importJson(context.app, cookie, { source: 'csv', url: url() })
    expect(response.statusCode, response.body).toBe(status)
    expect(response.json().message).toBe(message)
    expect(internalHits).toBe(0)
    expect(await tableChecksums(context.database.db)).toEqual(before)
    expect(readdirSync(dir)).toEqual([])
  })

  it('takes only http and https addresses', async () => {
    const response = await importJson(context.app, cookie, { source: 'csv', url: 'file:///etc/passwd' })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain('url must be a web address (http or https)')
  })
})

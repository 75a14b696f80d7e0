import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isIP } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPublicAddress } from '#server/modules/images/image-proxy.ts'
import { setupTestApp } from '../support/test-app.ts'

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

// The image host of these tests listens on 127.0.0.2, the one non-public address the proxy is told to
// trust; a second server on 127.0.0.1 plays an internal service the proxy must never reach.
let imageHost: Server
let internal: Server
let port = 0
let internalPort = 0
let internalHits = 0

const HOSTS: Record<string, string> = {
  'images.test': '127.0.0.2',
  'internal.test': '127.0.0.1',
  'metadata.test': '169.254.169.254',
  'mixed.test': '127.0.0.2',
}

/** How often each name was looked up. */
const lookups = new Map<string, number>()

const context = setupTestApp({
  imageProxy: {
    allowedHosts: [
      'images.test',
      'internal.test',
      'metadata.test',
      '127.0.0.1',
      'nowhere.test',
      'gone.test',
      'silent.test',
    ],
    trustedAddresses: ['127.0.0.2'],
    timeoutMs: 1000,
    unreachableRetryMs: 1500,
    resolve: async (hostname) => {
      lookups.set(hostname, (lookups.get(hostname) ?? 0) + 1)
      if (isIP(hostname)) return [{ address: hostname, family: isIP(hostname) }]
      // A name server that never answers.
      if (hostname === 'silent.test') return new Promise(() => {})
      const address = HOSTS[hostname]
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
      return [{ address, family: 4 }]
    },
  },
})

beforeAll(async () => {
  internal = createServer((_request, response) => {
    internalHits++
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
  })
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve))
  internalPort = (internal.address() as AddressInfo).port

  imageHost = createServer((request, response) => {
    const path = request.url ?? '/'
    const redirect = (location: string) => response.writeHead(302, { location }).end()
    if (path === '/ok.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    else if (path === '/to-loopback') redirect(`http://127.0.0.1:${internalPort}/secret.png`)
    else if (path === '/to-internal-name') redirect(`http://internal.test:${internalPort}/secret.png`)
    else if (path === '/to-elsewhere') redirect('https://example.com/x.png')
    else if (path.startsWith('/chain/')) {
      const left = Number(path.split('/')[2])
      redirect(left > 0 ? `/chain/${left - 1}` : '/ok.png')
    } else if (path === '/page.html')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hi</h1>')
    else if (path === '/drawing.svg')
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>')
    else if (path === '/huge-declared.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(6 * 1024 * 1024) })
      response.end()
    } else if (path === '/huge-streamed.png') {
      response.writeHead(200, { 'content-type': 'image/png' })
      const chunk = Buffer.alloc(256 * 1024)
      let sent = 0
      const push = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length
          if (!response.write(chunk)) return response.once('drain', push)
        }
        response.end()
      }
      push()
    } else if (path === '/slow.png') {
      setTimeout(() => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG), 3000)
    } else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.2', resolve))
  port = (imageHost.address() as AddressInfo).port
})

afterAll(async () => {
  for (const server of [imageHost, internal]) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

const proxy = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ url: `/api/proxy-image?url=${encodeURIComponent(url)}`, headers })

describe('GET /api/proxy-image', () => {
  it('serves an allowed image with long cache headers and an ETag', async () => {
    const response = await proxy(`http://images.test:${port}/ok.png`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.rawPayload.equals(PNG)).toBe(true)
    expect(response.headers['cache-control']).toBe('public, max-age=2592000, immutable')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    const etag = String(response.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await proxy(`http://images.test:${port}/ok.png`, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('follows up to 3 redirects and refuses a 4th', async () => {
    expect((await proxy(`http://images.test:${port}/chain/2`)).statusCode).toBe(200)
    const tooMany = await proxy(`http://images.test:${port}/chain/3`)
    expect(tooMany.statusCode).toBe(502)
    expect(tooMany.json().message).toBe('The image host redirected too many times.')
  })

  it.each([
    ['a host not on the list', 'https://example.com/x.png', 403, 'Images from example.com are not allowed.'],
    [
      'an allowed name that resolves to loopback',
      'http://internal.test:PORT/secret.png',
      403,
      'Images from internal.test are not allowed: it is not a public address.',
    ],
    [
      'a loopback address even when listed',
      'http://127.0.0.1:PORT/secret.png',
      403,
      'Images from 127.0.0.1 are not allowed: it is not a public address.',
    ],
    [
      'a link-local (cloud metadata) address',
      'http://metadata.test/latest/meta-data/',
      403,
      'Images from metadata.test are not allowed: it is not a public address.',
    ],
  ])('refuses %s', async (_case, url, status, message) => {
    const response = await proxy(url.replace('PORT', String(internalPort)))
    expect(response.statusCode).toBe(status)
    expect(response.json().message).toBe(message)
    expect(internalHits).toBe(0)
  })

  it.each([
    [
      'a redirect to 127.0.0.1',
      '/to-loopback',
      'Images from 127.0.0.1 are not allowed: it is not a public address.',
    ],
    [
      'a redirect to a name that resolves to loopback',
      '/to-internal-name',
      'Images from internal.test are not allowed: it is not a public address.',
    ],
    ['a redirect to a host not on the list', '/to-elsewhere', 'Images from example.com are not allowed.'],
  ])('checks every redirect again: refuses %s', async (_case, path, message) => {
    const response = await proxy(`http://images.test:${port}${path}`)
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe(message)
    expect(internalHits).toBe(0)
  })

  it.each([
    ['a web page', '/page.html', 502, 'The address does not point to an image (text/html).'],
    [
      'an SVG, which can carry script',
      '/drawing.svg',
      502,
      'The address does not point to an image (image/svg+xml).',
    ],
    ['a body declared over 5 MB', '/huge-declared.png', 413, 'The image is larger than 5 MB.'],
    ['a body that grows over 5 MB', '/huge-streamed.png', 413, 'The image is larger than 5 MB.'],
    ['a host slower than the time limit', '/slow.png', 504, 'The image host took too long to answer.'],
    ['a missing image', '/missing.png', 502, 'The image host answered 404.'],
  ])('refuses %s', async (_case, path, status, message) => {
    const response = await proxy(`http://images.test:${port}${path}`)
    expect(response.statusCode).toBe(status)
    expect(response.json().message).toBe(message)
  })

  it('answers 502, not 500, when the host cannot be found or reached', async () => {
    const unknown = await proxy('https://nowhere.test/x.png')
    expect(unknown.statusCode).toBe(502)
    expect(unknown.json().message).toBe('The image host could not be reached.')
    // Nothing listens on port 9 of the trusted test address.
    const closed = await proxy('http://images.test:9/x.png')
    expect(closed.statusCode).toBe(502)
    expect(closed.json().message).toBe('The image host could not be reached.')
  })

  it('gives up on a name that never resolves at the time limit', async () => {
    const response = await proxy('https://silent.test/x.png')
    expect(response.statusCode).toBe(502)
    expect(response.json().message).toBe('The image host could not be reached.')
  })

  it('refuses a host that could not be reached at once for a while, then tries it again', async () => {
    const first = await proxy('https://gone.test/a.png')
    expect(first.statusCode).toBe(502)
    expect(lookups.get('gone.test')).toBe(1)
    // Another picture of the same host: refused without another lookup.
    const second = await proxy('https://gone.test/b.png')
    expect(second.statusCode).toBe(502)
    expect(second.json().message).toBe('The image host could not be reached.')
    expect(lookups.get('gone.test')).toBe(1)
    // Other hosts are not affected.
    expect((await proxy(`http://images.test:${port}/ok.png`)).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect((await proxy('https://gone.test/c.png')).statusCode).toBe(502)
    expect(lookups.get('gone.test')).toBe(2)
  })

  it('remembers an unreachable host by scheme too: a failed https:// does not block its http:// pictures', async () => {
    // The image host speaks plain HTTP only, so a TLS connection to it fails.
    // (A path no other test fetched: answers are kept for a while by URL.)
    const secure = await proxy(`https://images.test:${port}/chain/1`)
    expect(secure.statusCode).toBe(502)
    expect((await proxy(`http://images.test:${port}/chain/1`)).statusCode).toBe(200)
    // The failed scheme is still remembered.
    expect((await proxy(`https://images.test:${port}/chain/2`)).statusCode).toBe(502)
  })

  it.each([
    ['', 'url is required'],
    ['not a url', 'url must be a full web address of an image.'],
    ['ftp://images.test/x.png', 'url must be an http or https address.'],
    ['file:///etc/passwd', 'url must be an http or https address.'],
    ['http://user:pass@images.test/x.png', 'url must not contain a user name or password.'],
  ])('refuses the url %j with 400', async (url, message) => {
    const response = await proxy(url)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(message)
  })
})

describe('isPublicAddress', () => {
  it('allows only public unicast addresses', () => {
    for (const address of ['8.8.8.8', '151.101.1.1', '2606:4700::1'])
      expect(isPublicAddress(address)).toBe(true)
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::ffff:127.0.0.1',
      'fe80::1',
      'fd00::1',
      '224.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })
})

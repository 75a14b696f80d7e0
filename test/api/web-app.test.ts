import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { setupTestApp } from '../support/test-app.ts'
import { fakeWebDist } from '../support/web-dist.ts'

// A stand-in for `dist/web`: the page and one built chunk.
const webDistDir = fakeWebDist()
// The build writes a compressed copy beside each text file (vite.config.ts's precompress).
const chunk = 'console.log(1)'
writeFileSync(path.join(webDistDir, 'assets', 'main-abc123.js.br'), brotliCompressSync(chunk))

const context = setupTestApp({ webDistDir })
const get = (url: string) => context.app.inject({ url })

describe('the built web app', () => {
  it.each(['/', '/sets', '/item/75192-1-millennium-falcon', '/minifigures?set=75192-1', '/no-such-page'])(
    'answers the app’s page for %s, revalidated every time',
    async (url) => {
      const response = await get(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toContain('<div id="root">')
    },
  )

  it.each(['/', '/api/items?query=falcon', '/api/no-such-call'])(
    'sends the security headers with %s',
    async (url) => {
      const response = await get(url)
      expect(response.headers).toMatchObject({
        'content-security-policy':
          "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
          "frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';" +
          "script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      })
      expect(response.headers['x-powered-by']).toBeUndefined()
      expect(response.headers['strict-transport-security']).toBeUndefined()
    },
  )

  it('serves a built chunk with a year-long immutable cache', async () => {
    const response = await get('/assets/main-abc123.js')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('sends the compressed copy to a browser that accepts it, and the file as it is to one that does not', async () => {
    const compressed = await context.app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(compressed.statusCode).toBe(200)
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(compressed.headers['content-type']).toMatch(/javascript/)
    expect(compressed.headers.vary).toMatch(/accept-encoding/i)
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(chunk)

    const plain = await context.app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(chunk)
  })

  it.each(['/assets/sets-page-old999.js', '/assets/old.css', '/logo-gone.png'])(
    'answers 404, not the page, for a file that is not there: %s',
    async (url) => {
      const response = await get(url)
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).not.toMatch(/text\/html/)
      expect(response.json()).toEqual({ message: 'Page not found', code: 'NOT_FOUND' })
    },
  )

  it('answers unknown API paths with JSON', async () => {
    const response = await get('/api/no-such-thing')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' })
  })
})

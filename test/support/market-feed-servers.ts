import { createHmac } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { startHttpServer } from './http-stub-server.ts'

/**
 * Local stand-ins for BrickLink's store API and BrickEconomy's API answering the documented shapes
 * (research/import-formats.md §2.2, §2.3) with their quirks — BrickLink's errors as HTTP 200 with
 * `meta.code`, its zero-sale guides of "0.0000" — and misbehaving on demand, per item.
 */

/** How the stand-in answers one request. */
export type Behaviour =
  | { kind: 'guide'; currency?: string; rows: SoldRowFixture[] }
  /**
   * A guide without a sale: every figure "0.0000", `price_detail` empty (or rows at 0 with `zeroRows`; or
   * null, and no currency, with `bare`).
   */
  | { kind: 'zero-sales'; zeroRows?: boolean; bare?: boolean }
  | { kind: 'status'; status: number; body?: string }
  /** BrickLink's way: HTTP 200, the error in the body's meta. */
  | { kind: 'meta-error'; code: number; message: string }
  | { kind: 'malformed' }
  /** Never answers. */
  | { kind: 'hang' }
  /** Sends the headers and part of the body, then never the rest. */
  | { kind: 'stall-body' }
  /** Answers a body far larger than any real answer, as fast as it can. */
  | { kind: 'huge' }
  /** Sends the request elsewhere. */
  | { kind: 'redirect'; to: string }
  | { kind: 'values'; body: unknown }

export interface SoldRowFixture {
  unit_price: string
  date_ordered: string
  quantity?: number
  seller_country_code?: string
  buyer_country_code?: string
}

export const BRICKLINK_KEYS = {
  consumerKey: 'consumer-key',
  consumerSecret: 'consumer-secret',
  token: 'token-value',
  tokenSecret: 'token-secret',
} as const

/** What a stand-in answers and what it was asked; made before the server starts, so tests can hold it. */
export interface StubState {
  /** What to answer for a key: BrickLink `SET/75192-1/N`, BrickEconomy `75192-1`; unknown keys answer 404. */
  answers: Map<string, Behaviour>
  /** The keys asked for, in order (refused requests too). */
  calls: string[]
}

export const stubState = (): StubState => ({ answers: new Map(), calls: [] })

export interface StubServer extends StubState {
  url: string
  close: () => Promise<void>
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

/** RFC 3986 encoding, as OAuth 1.0a signs (RFC 5849 §3.6). */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * Checks a request's OAuth 1.0a HMAC-SHA1 signature from first principles (RFC 5849 §3.4), not with the
 * library the client signs with: what is wrong answers as BrickLink does, or undefined when it is right.
 */
function oauthProblem(request: IncomingMessage, seenNonces: Set<string>): string | undefined {
  const header = request.headers.authorization ?? ''
  if (!header.startsWith('OAuth ')) return 'no OAuth authorization'
  const oauth = new Map<string, string>()
  for (const match of header.slice(6).matchAll(/([a-z_]+)="([^"]*)"/g)) {
    oauth.set(match[1] as string, decodeURIComponent(match[2] as string))
  }
  if (oauth.get('oauth_consumer_key') !== BRICKLINK_KEYS.consumerKey) return 'unknown consumer key'
  if (oauth.get('oauth_token') !== BRICKLINK_KEYS.token) return 'unknown token'
  if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1') return 'signature method not HMAC-SHA1'
  const timestamp = Number(oauth.get('oauth_timestamp'))
  if (!(Math.abs(Date.now() / 1000 - timestamp) < 300)) return 'timestamp out of range'
  const nonce = oauth.get('oauth_nonce') ?? ''
  if (!nonce || seenNonces.has(nonce)) return 'nonce reused'
  seenNonces.add(nonce)
  const url = new URL(request.url ?? '/', `http://${request.headers.host}`)
  const params: Array<[string, string]> = [
    ...url.searchParams.entries(),
    ...[...oauth.entries()].filter(([key]) => key !== 'oauth_signature' && key !== 'realm'),
  ]
  const normalized = params
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
  const base = ['GET', encode(`${url.origin}${url.pathname}`), encode(normalized)].join('&')
  const key = `${encode(BRICKLINK_KEYS.consumerSecret)}&${encode(BRICKLINK_KEYS.tokenSecret)}`
  const expected = createHmac('sha1', key).update(base).digest('base64')
  return oauth.get('oauth_signature') === expected ? undefined : 'signature does not match'
}

function misbehave(behaviour: Behaviour, response: ServerResponse): boolean {
  switch (behaviour.kind) {
    case 'status':
      response
        .writeHead(behaviour.status, { 'content-type': 'text/html' })
        .end(behaviour.body ?? '<h1>Error</h1>')
      return true
    case 'malformed':
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"meta":{"code":200},"data":{"price_det')
      return true
    case 'hang':
      return true
    case 'huge': {
      response.writeHead(200, { 'content-type': 'application/json' })
      const block = Buffer.alloc(1024 * 1024, 0x20)
      let sent = 0
      const more = () => {
        while (sent < 64 && !response.destroyed) {
          sent += 1
          if (!response.write(block)) return void response.once('drain', more)
        }
        response.end('{}')
      }
      more()
      return true
    }
    case 'redirect':
      response.writeHead(302, { location: behaviour.to }).end()
      return true
    case 'stall-body':
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"meta":{"code":200,')
      return true
    default:
      return false
  }
}

/** BrickLink's store API: `GET /api/store/v1/items/{type}/{no}/price?guide_type=sold&new_or_used=N|U&…`. */
export async function startBrickLink(state: StubState = stubState()): Promise<StubServer> {
  const { answers, calls } = state
  const seenNonces = new Set<string>()
  const server = await startHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub')
    const match = url.pathname.match(/^\/api\/store\/v1\/items\/([A-Z_]+)\/([^/]+)\/price$/)
    const key = match
      ? `${match[1]}/${decodeURIComponent(match[2] as string)}/${url.searchParams.get('new_or_used')}`
      : url.pathname
    calls.push(key)
    const problem = oauthProblem(request, seenNonces)
    if (problem) {
      json(response, 200, { meta: { code: 401, message: 'BAD_OAUTH_REQUEST', description: problem } })
      return
    }
    if (!match || url.searchParams.get('guide_type') !== 'sold') {
      json(response, 200, { meta: { code: 400, message: 'INVALID_URI', description: 'unexpected request' } })
      return
    }
    const behaviour = answers.get(key)
    if (!behaviour) {
      json(response, 200, { meta: { code: 404, message: 'RESOURCE_NOT_FOUND', description: 'no such item' } })
      return
    }
    if (misbehave(behaviour, response)) return
    const currency = url.searchParams.get('currency_code') ?? 'USD'
    const item = { no: match[2], type: match[1] }
    const guide = (fields: object) =>
      json(response, 200, {
        meta: { description: 'OK', message: 'OK', code: 200 },
        data: { item, new_or_used: url.searchParams.get('new_or_used'), ...fields },
      })
    if (behaviour.kind === 'meta-error') {
      json(response, 200, { meta: { code: behaviour.code, message: behaviour.message, description: '' } })
    } else if (behaviour.kind === 'zero-sales' && behaviour.bare) {
      guide({ min_price: '0.0000', max_price: '0.0000', avg_price: '0.0000', price_detail: null })
    } else if (behaviour.kind === 'zero-sales') {
      guide({
        currency_code: currency,
        min_price: '0.0000',
        max_price: '0.0000',
        avg_price: '0.0000',
        qty_avg_price: '0.0000',
        unit_quantity: 0,
        total_quantity: 0,
        price_detail: behaviour.zeroRows
          ? [{ quantity: 1, unit_price: '0.0000', date_ordered: '2026-10-01T10:00:00.000Z' }]
          : [],
      })
    } else if (behaviour.kind === 'guide') {
      guide({
        currency_code: behaviour.currency ?? currency,
        min_price: '1.0000',
        max_price: '1.0000',
        avg_price: '1.0000',
        qty_avg_price: '1.0000',
        unit_quantity: behaviour.rows.length,
        total_quantity: behaviour.rows.length,
        price_detail: behaviour.rows.map((row) => ({
          quantity: 1,
          seller_country_code: 'UK',
          buyer_country_code: 'US',
          ...row,
        })),
      })
    } else {
      json(response, 500, { unexpected: behaviour.kind })
    }
  })
  return { ...server, answers, calls }
}

export const BRICKECONOMY_KEY = 'brickeconomy-key'

/** BrickEconomy's API v1: `GET /api/v1/set/{number}?currency=…` with the key in `x-apikey`, from a browser. */
export async function startBrickEconomy(state: StubState = stubState()): Promise<StubServer> {
  const { answers, calls } = state
  const server = await startHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub')
    const match = url.pathname.match(/^\/api\/v1\/set\/([^/]+)$/)
    const key = match ? decodeURIComponent(match[1] as string) : url.pathname
    calls.push(key)
    // It turns away clients that do not look like a browser (research/import-formats.md §2.3).
    if (!request.headers['user-agent']?.startsWith('Mozilla/')) {
      response.writeHead(403, { 'content-type': 'text/html' }).end('<h1>Access denied</h1>')
      return
    }
    if (request.headers['x-apikey'] !== BRICKECONOMY_KEY) {
      json(response, 401, { error: 'Invalid API key' })
      return
    }
    const behaviour = answers.get(key)
    if (!match || !behaviour) {
      json(response, 404, { error: 'Set not found' })
      return
    }
    if (misbehave(behaviour, response)) return
    if (behaviour.kind === 'values') json(response, 200, behaviour.body)
    else json(response, 500, { unexpected: behaviour.kind })
  })
  return { ...server, answers, calls }
}

import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { decrypt } from 'http_ece'
import type { PushPayload } from '#shared/contract/push.ts'
import { startHttpServer } from './http-stub-server.ts'

/** A message a push service was sent: the path it was posted to, its headers and its encrypted body. */
export interface PushRequest {
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

/** A browser as a push service sees it: its endpoint, and the keys only it holds. */
export interface PushBrowser {
  /** What the browser's `PushSubscription.toJSON()` gives, to send to our API. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
  /** The messages the push service took for it, decrypted as the browser would (RFC 8291). */
  received(): Promise<PushPayload[]>
}

/**
 * A push service on 127.0.0.1 (RFC 8030), standing in for FCM, Mozilla's or Apple's: it takes POSTs to
 * `/push/<token>` and answers 201, or the statuses queued for that token (410 gone, 429, 500…). Each message is
 * checked as a real service would: an aes128gcm body, a TTL, and a VAPID JWT signed by the key in its header
 * for this service's origin (RFC 8292); a message without them is answered 400 and not kept.
 */
export class PushService {
  readonly requests: PushRequest[] = []
  private readonly answers = new Map<string, number[]>()
  private server?: { url: string; close: () => Promise<void> }

  /** Listens on `port` (any free one by default). */
  async start(port = 0) {
    this.server = await startHttpServer((request, response) => this.handle(request, response), port)
    return this
  }

  get origin(): string {
    if (!this.server) throw new Error('the push service is not started')
    return this.server.url
  }

  stop() {
    return this.server?.close()
  }

  /** The next answers to messages for `browser` (then 201 again). */
  answer(browser: PushBrowser, ...statuses: number[]) {
    this.answers.set(tokenOf(browser.subscription.endpoint), statuses)
  }

  /** A new browser subscribed through this service. */
  browser(): PushBrowser {
    return pushBrowser(this.origin)
  }

  private handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? ''
      // What it took for a browser, for the test holding that browser's keys (e2e tests: another process).
      if (request.method === 'GET' && path.startsWith('/requests/')) {
        const taken = this.requests
          .filter((taken) => tokenOf(taken.path) === tokenOf(path))
          .map((taken) => taken.body.toString('base64'))
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(taken))
        return
      }
      const refusal = this.refusal(request)
      if (request.method !== 'POST' || !path.startsWith('/push/') || refusal) {
        response.writeHead(refusal ? 400 : 404).end(refusal)
        return
      }
      const queued = this.answers.get(tokenOf(path)) ?? []
      const status = queued.shift() ?? 201
      if (status === 201) this.requests.push({ path, headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(status, status === 429 ? { 'retry-after': '1' } : {}).end()
    })
  }

  /** Why a real push service would refuse this message, or undefined. */
  private refusal(request: IncomingMessage): string | undefined {
    if (request.headers['content-encoding'] !== 'aes128gcm') return 'the body is not aes128gcm'
    if (!/^\d+$/.test(String(request.headers.ttl))) return 'no TTL'
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(
      request.headers.authorization ?? '',
    )
    if (!match) return 'no VAPID authorization'
    const [, header, claims, signature, key] = match as unknown as string[]
    const point = Buffer.from(key as string, 'base64url')
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    })
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature as string, 'base64url'),
    )
    if (!signed) return 'the VAPID signature is not the key’s'
    const jwt = JSON.parse(Buffer.from(claims as string, 'base64url').toString())
    if (jwt.aud !== this.origin) return 'the VAPID audience is not this service'
    if (!(jwt.exp > Date.now() / 1000 && jwt.exp <= Date.now() / 1000 + 24 * 3600))
      return 'a bad VAPID expiry'
    if (!/^(mailto:|https:)/.test(jwt.sub)) return 'no VAPID subject'
    return undefined
  }
}

/**
 * A browser subscribed through the push service at `origin`: its keys are made here and never leave, as a real
 * browser's do; what the service took for it is read back over HTTP and decrypted.
 */
export function pushBrowser(origin: string): PushBrowser {
  const token = randomBytes(12).toString('base64url')
  const keys: ECDH = createECDH('prime256v1')
  keys.generateKeys()
  const auth = randomBytes(16).toString('base64url')
  return {
    subscription: {
      endpoint: `${origin}/push/${token}`,
      expirationTime: null,
      keys: { p256dh: keys.getPublicKey().toString('base64url'), auth },
    },
    received: async () => {
      const bodies = (await (await fetch(`${origin}/requests/${token}`)).json()) as string[]
      return bodies.map(
        (body) =>
          JSON.parse(
            decrypt(Buffer.from(body, 'base64'), {
              version: 'aes128gcm',
              privateKey: keys,
              authSecret: auth,
            }).toString(),
          ) as PushPayload,
      )
    },
  }
}

const tokenOf = (endpointOrPath: string) => endpointOrPath.slice(endpointOrPath.lastIndexOf('/') + 1)

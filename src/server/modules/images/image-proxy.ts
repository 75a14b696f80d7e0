import { createHash } from 'node:crypto'
import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { LRUCache } from 'lru-cache'
import { HttpError } from '#server/errors.ts'

export interface ResolvedAddress {
  address: string
  family: number
}

export interface ImageProxyOptions {
  /** Host names images may come from (exact match, case-insensitive). */
  allowedHosts: string[]
  /** Resolves a host name to all its addresses; the system resolver by default. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>
  /** Non-public addresses that are nevertheless allowed (for the test suite's local servers only). */
  trustedAddresses?: string[]
  maxBytes?: number
  timeoutMs?: number
  maxRedirects?: number
  /** How long a host that could not be reached is not tried again (30 s by default). */
  unreachableRetryMs?: number
}

/**
 * Origins (scheme, name and port) that could not be resolved or connected to lately: a host that
 * refuses https:// may still serve http://, so one is never blocked for the other. While one is down, its
 * pictures are refused at once instead of each waiting for the time limit: a page of 50 cards would
 * otherwise hold the browser's few connections to our origin, and the API calls queue behind them.
 */
export function unreachableHosts(retryMs = 30_000) {
  return new LRUCache<string, true>({ max: 1000, ttl: retryMs })
}
export type UnreachableHosts = ReturnType<typeof unreachableHosts>

export interface ProxiedImage {
  body: Buffer
  contentType: string
  etag: string
}

/** Raster image types only: an SVG can carry script, and this answer comes from our own origin. */
const IMAGE_TYPES = /^image\/(png|jpeg|jpg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/

const systemResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true })

/**
 * Fetches a catalogue image for the browser without letting the server be used to reach anything
 * else (DESIGN §6): http(s) only, allow-listed hosts, every resolved address public (checked when
 * connecting, so DNS cannot change its answer in between), at most 3 redirects each checked again,
 * 5 MB and 5 s at most, and an image content type.
 */
export async function fetchProxiedImage(
  rawUrl: string,
  options: ImageProxyOptions,
  /** Shared by the route across requests; without it, nothing is remembered between calls. */
  down?: UnreachableHosts,
): Promise<ProxiedImage> {
  const allowedHosts = new Set(options.allowedHosts.map((host) => host.toLowerCase()))
  const trusted = new Set(options.trustedAddresses ?? [])
  const resolve = options.resolve ?? systemResolve
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024
  const deadline = Date.now() + (options.timeoutMs ?? 5000)
  let url = parseImageUrl(rawUrl)
  for (let redirects = 0; ; redirects++) {
    if (!allowedHosts.has(url.hostname.toLowerCase())) {
      throw new HttpError(403, `Images from ${url.hostname} are not allowed.`, 'IMAGE_HOST_NOT_ALLOWED')
    }
    if (down?.has(url.origin)) throw unreachable()
    let response: IncomingMessage
    try {
      const addresses = await checkedAddresses(url.hostname, resolve, trusted, deadline)
      response = await request(url, pinnedLookup(addresses), deadline)
    } catch (error) {
      if (error instanceof HttpError && error.code === 'IMAGE_UNREACHABLE') down?.set(url.origin, true)
      throw error
    }
    const status = response.statusCode ?? 0
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume()
      if (redirects >= (options.maxRedirects ?? 3)) {
        throw new HttpError(502, 'The image host redirected too many times.', 'IMAGE_TOO_MANY_REDIRECTS')
      }
      url = parseImageUrl(new URL(response.headers.location, url).href)
      continue
    }
    if (status !== 200) {
      response.resume()
      throw new HttpError(502, `The image host answered ${status}.`, 'IMAGE_UPSTREAM_ERROR')
    }
    const contentType = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!IMAGE_TYPES.test(contentType)) {
      response.resume()
      throw new HttpError(
        502,
        `The address does not point to an image (${contentType || 'no type'}).`,
        'NOT_AN_IMAGE',
      )
    }
    const body = await readBody(response, maxBytes, deadline)
    return {
      body,
      contentType,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
    }
  }
}

function parseImageUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new HttpError(400, 'url must be a full web address of an image.', 'BAD_IMAGE_URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpError(400, 'url must be an http or https address.', 'BAD_IMAGE_URL')
  }
  if (url.username || url.password)
    throw new HttpError(400, 'url must not contain a user name or password.', 'BAD_IMAGE_URL')
  return url
}

/** True for addresses on the public internet; false for private, loopback, link-local and the like. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

/**
 * Resolves a host and refuses it if any of its addresses is not public (an IP literal is checked as
 * it is). The HTTP client then connects to exactly the address that was checked.
 */
async function checkedAddresses(
  hostname: string,
  resolve: (hostname: string) => Promise<ResolvedAddress[]>,
  trusted: Set<string>,
  deadline: number,
): Promise<ResolvedAddress[]> {
  const literal = hostname.replace(/^\[|\]$/g, '')
  let addresses: ResolvedAddress[]
  let timer: NodeJS.Timeout | undefined
  try {
    addresses = isIP(literal)
      ? [{ address: literal, family: isIP(literal) }]
      : // The system resolver has no time limit of its own: a name that never answers counts as unreachable.
        await Promise.race([
          resolve(hostname),
          new Promise<never>((_resolve, reject) => {
            timer = setTimeout(
              () => reject(new Error('lookup timed out')),
              Math.max(1, deadline - Date.now()),
            )
          }),
        ])
  } catch {
    throw unreachable()
  } finally {
    clearTimeout(timer)
  }
  const refused = addresses.find((entry) => !isPublicAddress(entry.address) && !trusted.has(entry.address))
  if (refused || addresses.length === 0) {
    throw new HttpError(
      403,
      `Images from ${hostname} are not allowed: it is not a public address.`,
      'IMAGE_ADDRESS_NOT_PUBLIC',
    )
  }
  return addresses
}

/** A lookup for the HTTP client that only ever answers the addresses already checked. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    // Node asks for all addresses when it races IPv4 and IPv6 ("happy eyeballs").
    if (options.all) (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, addresses)
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4)
  }
}

function request(url: URL, lookup: LookupFunction, deadline: number): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const outgoing = client.get(
      url,
      {
        lookup,
        timeout: Math.max(1, deadline - Date.now()),
        headers: { accept: 'image/*', 'user-agent': 'Brickfolio image proxy' },
      },
      resolve,
    )
    outgoing.on('timeout', () => outgoing.destroy(timeoutError()))
    outgoing.on('error', (error) => reject(error instanceof HttpError ? error : unreachable()))
  })
}

function readBody(response: IncomingMessage, maxBytes: number, deadline: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    return Promise.reject(tooLarge(maxBytes))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const timer = setTimeout(() => response.destroy(timeoutError()), Math.max(1, deadline - Date.now()))
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) response.destroy(tooLarge(maxBytes))
      else chunks.push(chunk)
    })
    response.on('end', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
    response.on('error', (error) => {
      clearTimeout(timer)
      reject(
        error instanceof HttpError
          ? error
          : new HttpError(502, 'The image download failed.', 'IMAGE_UPSTREAM_ERROR'),
      )
    })
    response.on('close', () => {
      clearTimeout(timer)
      if (!response.complete) reject(new HttpError(502, 'The image download failed.', 'IMAGE_UPSTREAM_ERROR'))
    })
  })
}

const unreachable = () => new HttpError(502, 'The image host could not be reached.', 'IMAGE_UNREACHABLE')
const tooLarge = (maxBytes: number) =>
  new HttpError(413, `The image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`, 'IMAGE_TOO_LARGE')
const timeoutError = () => new HttpError(504, 'The image host took too long to answer.', 'IMAGE_TIMEOUT')

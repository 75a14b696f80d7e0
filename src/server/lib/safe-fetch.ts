import { lookup as dnsLookup } from 'node:dns/promises'
import { createWriteStream } from 'node:fs'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import ipaddr from 'ipaddr.js'
import { LRUCache } from 'lru-cache'

export interface ResolvedAddress {
  address: string
  family: number
}

export interface SafeFetchOptions {
  /** Host names that may be fetched from (exact match, case-insensitive); absent: any public host. */
  allowedHosts?: readonly string[]
  /** Resolves a host name to all its addresses; the system resolver by default. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>
  /** Non-public addresses that are nevertheless allowed (for the test suite's local servers only). */
  trustedAddresses?: readonly string[]
  /** The whole fetch, redirects, lookups and body included. */
  timeoutMs: number
  maxRedirects?: number
  accept: string
  userAgent: string
  /** Origins that failed lately; shared by a caller across requests (see `unreachableHosts`). */
  down?: UnreachableHosts
}

/** Why a fetch was refused or failed; each caller words it for its own answer. */
export type SafeFetchFailure =
  | 'bad-url'
  | 'bad-scheme'
  | 'credentials'
  | 'host-not-allowed'
  | 'address-not-public'
  | 'unreachable'
  | 'too-many-redirects'
  | 'upstream-status'
  | 'too-large'
  | 'timeout'
  | 'failed'

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    /** The host concerned, when there is one. */
    readonly host = '',
    /** For 'upstream-status': what the host answered. */
    readonly status = 0,
  ) {
    super(`${reason}${host ? ` (${host})` : ''}`)
  }
}

/**
 * Origins (scheme, name and port) that could not be resolved or connected to lately: a host that refuses
 * https:// may still serve http://, so one is never blocked for the other. While one is down, requests for it
 * are refused at once instead of each waiting for the time limit.
 */
export function unreachableHosts(retryMs = 30_000) {
  return new LRUCache<string, true>({ max: 1000, ttl: retryMs })
}
export type UnreachableHosts = ReturnType<typeof unreachableHosts>

/** A 200 answer whose body is still to be read, before `deadline` (epoch ms). */
export interface FetchedResponse {
  response: IncomingMessage
  url: URL
  deadline: number
}

const systemResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true })

/**
 * Fetches an address without letting the server be used to reach anything else (DESIGN §6, ADR 013): http(s)
 * only, no credentials in the address, the allow-list when there is one, every resolved address public
 * (checked when connecting, so DNS cannot change its answer in between), each redirect checked again, and one
 * time limit for all of it. Used by the image proxy and by imports from a web address.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<FetchedResponse> {
  const allowedHosts = options.allowedHosts && new Set(options.allowedHosts.map((host) => host.toLowerCase()))
  const trusted = new Set(options.trustedAddresses ?? [])
  const resolve = options.resolve ?? systemResolve
  const deadline = Date.now() + options.timeoutMs
  let url = parseHttpUrl(rawUrl)
  for (let redirects = 0; ; redirects++) {
    if (allowedHosts && !allowedHosts.has(url.hostname.toLowerCase())) {
      throw new SafeFetchError('host-not-allowed', url.hostname)
    }
    if (options.down?.has(url.origin)) throw new SafeFetchError('unreachable', url.hostname)
    let response: IncomingMessage
    try {
      const addresses = await checkedAddresses(url.hostname, resolve, trusted, deadline)
      response = await request(url, pinnedLookup(addresses), deadline, options)
    } catch (error) {
      if (error instanceof SafeFetchError && error.reason === 'unreachable')
        options.down?.set(url.origin, true)
      throw error
    }
    const status = response.statusCode ?? 0
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume()
      if (redirects >= (options.maxRedirects ?? 3))
        throw new SafeFetchError('too-many-redirects', url.hostname)
      url = parseHttpUrl(new URL(response.headers.location, url).href)
      continue
    }
    if (status !== 200) {
      response.resume()
      throw new SafeFetchError('upstream-status', url.hostname, status)
    }
    return { response, url, deadline }
  }
}

function parseHttpUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new SafeFetchError('bad-url')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('bad-scheme')
  if (url.username || url.password) throw new SafeFetchError('credentials')
  return url
}

/** True for addresses on the public internet; false for private, loopback, link-local and the like. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

/**
 * Resolves a host and refuses it if any of its addresses is not public (an IP literal is checked as it is).
 * The HTTP client then connects to exactly the address that was checked.
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
    throw new SafeFetchError('unreachable', hostname)
  } finally {
    clearTimeout(timer)
  }
  const refused = addresses.find((entry) => !isPublicAddress(entry.address) && !trusted.has(entry.address))
  if (refused || addresses.length === 0) throw new SafeFetchError('address-not-public', hostname)
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

function request(
  url: URL,
  lookup: LookupFunction,
  deadline: number,
  options: SafeFetchOptions,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const outgoing = client.get(
      url,
      {
        lookup,
        timeout: Math.max(1, deadline - Date.now()),
        headers: { accept: options.accept, 'user-agent': options.userAgent },
      },
      resolve,
    )
    outgoing.on('timeout', () => outgoing.destroy(new SafeFetchError('timeout', url.hostname)))
    outgoing.on('error', (error) =>
      reject(error instanceof SafeFetchError ? error : new SafeFetchError('unreachable', url.hostname)),
    )
  })
}

/** Refuses a body whose declared length is over the limit before reading any of it. */
function checkDeclaredLength(response: IncomingMessage, maxBytes: number): void {
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    throw new SafeFetchError('too-large')
  }
}

/** The body in memory, at most `maxBytes`, before the fetch's deadline. */
export function readCapped({ response, deadline }: FetchedResponse, maxBytes: number): Promise<Buffer> {
  try {
    checkDeclaredLength(response, maxBytes)
  } catch (error) {
    return Promise.reject(error)
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const timer = setTimeout(
      () => response.destroy(new SafeFetchError('timeout')),
      Math.max(1, deadline - Date.now()),
    )
    response.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) response.destroy(new SafeFetchError('too-large'))
      else chunks.push(chunk)
    })
    response.on('end', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
    response.on('error', (error) => {
      clearTimeout(timer)
      reject(error instanceof SafeFetchError ? error : new SafeFetchError('failed'))
    })
    response.on('close', () => {
      clearTimeout(timer)
      if (!response.complete) reject(new SafeFetchError('failed'))
    })
  })
}

/**
 * Streams the body into `file`, at most `maxBytes`, before the fetch's deadline; never the whole body in
 * memory. Returns its size. On failure the caller removes the file.
 */
export async function saveCapped(
  { response, deadline }: FetchedResponse,
  file: string,
  maxBytes: number,
): Promise<number> {
  checkDeclaredLength(response, maxBytes)
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      done(size > maxBytes ? new SafeFetchError('too-large') : null, chunk)
    },
  })
  const timer = setTimeout(
    () => response.destroy(new SafeFetchError('timeout')),
    Math.max(1, deadline - Date.now()),
  )
  try {
    await pipeline(response, counter, createWriteStream(file))
    if (!response.complete) throw new SafeFetchError('failed')
    return size
  } catch (error) {
    throw error instanceof SafeFetchError ? error : new SafeFetchError('failed')
  } finally {
    clearTimeout(timer)
  }
}

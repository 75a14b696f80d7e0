import { createHash } from 'node:crypto'
import { HttpError } from '#server/errors.ts'
import {
  type ResolvedAddress,
  readCapped,
  SafeFetchError,
  safeFetch,
  type UnreachableHosts,
  unreachableHosts,
} from '#server/lib/safe-fetch.ts'

export { isPublicAddress } from '#server/lib/safe-fetch.ts'
export type { UnreachableHosts }
export { unreachableHosts }

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

export interface ProxiedImage {
  body: Buffer
  contentType: string
  etag: string
}

/** Raster image types only: an SVG can carry script, and this answer comes from our own origin. */
const IMAGE_TYPES = /^image\/(png|jpeg|jpg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/

/**
 * Fetches a catalogue image for the browser without letting the server be used to reach anything
 * else (DESIGN §6): the shared safe fetch (http(s) only, every resolved address public, redirects checked
 * again) limited to the allow-listed hosts, 5 MB and 5 s at most, and an image content type.
 */
export async function fetchProxiedImage(
  rawUrl: string,
  options: ImageProxyOptions,
  /** Shared by the route across requests; without it, nothing is remembered between calls. */
  down?: UnreachableHosts,
): Promise<ProxiedImage> {
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024
  try {
    const fetched = await safeFetch(rawUrl, {
      allowedHosts: options.allowedHosts,
      resolve: options.resolve,
      trustedAddresses: options.trustedAddresses,
      timeoutMs: options.timeoutMs ?? 5000,
      maxRedirects: options.maxRedirects,
      accept: 'image/*',
      userAgent: 'Brickfolio image proxy',
      down,
    })
    const { response } = fetched
    const contentType = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!IMAGE_TYPES.test(contentType)) {
      response.resume()
      throw new HttpError(
        502,
        `The address does not point to an image (${contentType || 'no type'}).`,
        'NOT_AN_IMAGE',
      )
    }
    const body = await readCapped(fetched, maxBytes)
    return {
      body,
      contentType,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
    }
  } catch (error) {
    throw error instanceof SafeFetchError ? imageError(error, maxBytes) : error
  }
}

/** The image proxy's words for a refused or failed fetch. */
function imageError(error: SafeFetchError, maxBytes: number): HttpError {
  switch (error.reason) {
    case 'bad-url':
      return new HttpError(400, 'url must be a full web address of an image.', 'BAD_IMAGE_URL')
    case 'bad-scheme':
      return new HttpError(400, 'url must be an http or https address.', 'BAD_IMAGE_URL')
    case 'credentials':
      return new HttpError(400, 'url must not contain a user name or password.', 'BAD_IMAGE_URL')
    case 'host-not-allowed':
      return new HttpError(403, `Images from ${error.host} are not allowed.`, 'IMAGE_HOST_NOT_ALLOWED')
    case 'address-not-public':
      return new HttpError(
        403,
        `Images from ${error.host} are not allowed: it is not a public address.`,
        'IMAGE_ADDRESS_NOT_PUBLIC',
      )
    case 'unreachable':
      return new HttpError(502, 'The image host could not be reached.', 'IMAGE_UNREACHABLE')
    case 'too-many-redirects':
      return new HttpError(502, 'The image host redirected too many times.', 'IMAGE_TOO_MANY_REDIRECTS')
    case 'upstream-status':
      return new HttpError(502, `The image host answered ${error.status}.`, 'IMAGE_UPSTREAM_ERROR')
    case 'too-large':
      return new HttpError(
        413,
        `The image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
        'IMAGE_TOO_LARGE',
      )
    case 'timeout':
      return new HttpError(504, 'The image host took too long to answer.', 'IMAGE_TIMEOUT')
    case 'failed':
      return new HttpError(502, 'The image download failed.', 'IMAGE_UPSTREAM_ERROR')
  }
}

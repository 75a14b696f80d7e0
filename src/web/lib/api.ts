/**
 * The generic request helper (spec 01 §7): every call sends cookies, an optional JSON body, and
 * expects a JSON answer. Its error texts are the spec's (§8), so screens can show them as they are.
 */

export const AUTH_REQUIRED_MESSAGE = 'Authentication required. Please refresh the page and log in.'
export const INVALID_RESPONSE_MESSAGE = 'Invalid response format. Please try refreshing the page.'

/** A failed call; `status` is the HTTP status of the answer that failed. */
export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    message: string,
    readonly status: number,
    /** The raw text of a failed answer's body, when there was one. */
    readonly body = '',
    /** The answer's reason phrase ('Payload Too Large'); some screens quote it (spec 02 §8, uploads). */
    readonly statusText = '',
  ) {
    super(message)
  }
}

/**
 * True for a call answered 401, also when it is the cause of another error (e.g. a step of a
 * two-call write): the session is gone.
 */
export function isUnauthorized(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401
  return error instanceof Error && error.cause !== undefined && isUnauthorized(error.cause)
}

/**
 * The server's own words for a failure: the `message` of its JSON error body (`{ message, code }`),
 * else `fallback`. Screens show this rather than the raw 'status: body' text.
 */
export function serverMessage(error: unknown, fallback: string): string {
  return serverError(error)?.message ?? fallback
}

/** The `{ message, code }` error body of a failed call, when the server sent one. */
export function serverError(error: unknown): { message?: string; code?: string } | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined
  try {
    const parsed: unknown = JSON.parse(error.body)
    if (!parsed || typeof parsed !== 'object') return undefined
    const { message, code } = parsed as Record<string, unknown>
    return {
      message: typeof message === 'string' && message.trim() ? message : undefined,
      code: typeof code === 'string' ? code : undefined,
    }
  } catch {
    return undefined
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  /** Serialised as JSON; when present the request carries a JSON content type. */
  body?: unknown
  /** A multipart form (files); the browser sets its content type and boundary. Instead of `body`. */
  form?: FormData
  signal?: AbortSignal
}

/**
 * Sends a request and returns the parsed JSON answer. A 204 (or any empty 2xx without a content
 * type) resolves to undefined, since there is nothing to parse.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  options: RequestOptions = {},
): Promise<T> {
  const hasBody = options.body !== undefined
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody
      ? { 'Content-Type': 'application/json', Accept: 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(options.body) : options.form,
    signal: options.signal,
  })

  if (!response.ok) {
    const text = await response.text().catch(() => '')
    throw new ApiError(
      `${response.status}: ${text || response.statusText}`,
      response.status,
      text,
      response.statusText,
    )
  }

  const contentType = response.headers.get('content-type') ?? ''
  if (response.status === 204 || (!contentType && response.headers.get('content-length') === '0')) {
    return undefined as T
  }
  if (contentType.includes('text/html')) {
    // A login page or the SPA's index.html instead of data: the session is gone.
    throw new ApiError(AUTH_REQUIRED_MESSAGE, response.status)
  }
  if (!contentType.includes('application/json')) {
    throw new ApiError(`Unexpected response type: ${contentType || 'unknown'}`, response.status)
  }
  try {
    return (await response.json()) as T
  } catch {
    throw new ApiError(INVALID_RESPONSE_MESSAGE, response.status)
  }
}

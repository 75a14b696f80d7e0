/**
 * What one call to a market feed came to. Every failure a provider can cause is a value, never a throw, so
 * that one item's bad answer never stops the job (issue 13 part 6).
 */
export type FeedFailure =
  /** The provider does not know the item (HTTP 404, or BrickLink's meta.code 404). */
  | { kind: 'not-found'; reason: string }
  /** Too many requests (HTTP 429, or in the body): slow down. */
  | { kind: 'rate-limited'; reason: string }
  /** Our credentials were refused (401/403): every further call would be refused too. */
  | { kind: 'refused'; reason: string }
  /** 5xx, a timeout, a dropped connection, an answer that is not the documented shape. */
  | { kind: 'failed'; reason: string }

export type FeedAnswer<T> = { kind: 'ok'; value: T } | { kind: 'no-data' } | FeedFailure

/** The failure an HTTP status (or BrickLink's meta.code in a 200 answer) stands for; undefined for success. */
export function failureOfStatus(status: number, who: string): FeedFailure | undefined {
  if (status >= 200 && status < 300) return undefined
  const reason = `${who} answered ${status}`
  if (status === 404) return { kind: 'not-found', reason }
  if (status === 429) return { kind: 'rate-limited', reason }
  if (status === 401 || status === 403) return { kind: 'refused', reason }
  return { kind: 'failed', reason }
}

/** More than any answer of theirs (a sold guide of six months is tens of kilobytes): a body past it is refused. */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024

/**
 * GETs JSON within `timeoutMs`, the body included (a server that sends headers and then stalls is a failure),
 * and at most MAX_ANSWER_BYTES of it. Redirects are not followed: the signed request is for this address only.
 */
export async function getJson(
  url: string,
  init: { headers: Record<string, string>; timeoutMs: number; who: string; signal?: AbortSignal },
): Promise<{ kind: 'json'; status: number; body: unknown } | FeedFailure> {
  let status: number
  let text: string | undefined
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', ...init.headers },
      redirect: 'manual',
      signal: init.signal
        ? AbortSignal.any([AbortSignal.timeout(init.timeoutMs), init.signal])
        : AbortSignal.timeout(init.timeoutMs),
    })
    status = response.status
    text = await readText(response, MAX_ANSWER_BYTES)
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    return {
      kind: 'failed',
      reason: timedOut
        ? `${init.who} did not answer within ${init.timeoutMs} ms`
        : `${init.who} could not be reached`,
    }
  }
  const failure = failureOfStatus(status, init.who)
  if (failure) return failure
  if (text === undefined)
    return { kind: 'failed', reason: `${init.who} answered more than ${MAX_ANSWER_BYTES} bytes` }
  try {
    return { kind: 'json', status, body: JSON.parse(text) as unknown }
  } catch {
    return { kind: 'failed', reason: `${init.who} did not answer JSON` }
  }
}

/** The body as text, or undefined (and the rest left unread) once it passes `maxBytes`. */
async function readText(response: Response, maxBytes: number): Promise<string | undefined> {
  if (!response.body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body) {
    size += chunk.byteLength
    if (size > maxBytes) {
      await response.body.cancel().catch(() => {})
      return undefined
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

import { z } from 'zod'
import { type FeedAnswer, getJson } from './feed-answer.ts'

export interface SetValues {
  currency: string
  /** Current values as decimal strings; absent when BrickEconomy has none (a set still at retail has no used value). */
  new?: string
  used?: string
}

/** A positive amount as a decimal string; anything else (0, null, a word) is no value. */
const value = z
  .unknown()
  .transform((raw) => (typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : ''))
  .transform((text) => (/^\d+(\.\d+)?$/.test(text) && !/^0+(\.0+)?$/.test(text) ? text : undefined))

/**
 * `set/{number}?currency=…` answers `{ data: { set_number, current_value_new, current_value_used, … } }`
 * (research/import-formats.md §2.3); about 3 % of sets have no value, and a set at retail has no used one.
 */
const answerSchema = z.object({
  data: z.object({ current_value_new: value.optional(), current_value_used: value.optional() }).passthrough(),
})

/**
 * BrickEconomy's current new and used values of a set (API v1, header `x-apikey`). It wants a browser-like
 * User-Agent (research/import-formats.md §2.3). JSON numbers become decimal strings at once: a value like
 * 123.45 reads back exactly, and no arithmetic is done on it as a float.
 */
export async function fetchSetValues({
  baseUrl,
  apiKey,
  number,
  currency,
  timeoutMs,
  signal,
}: {
  baseUrl: string
  apiKey: string
  number: string
  currency: string
  timeoutMs: number
  /** Aborted when the server shuts down. */
  signal?: AbortSignal
}): Promise<FeedAnswer<SetValues>> {
  const url = `${baseUrl.replace(/\/$/, '')}/set/${encodeURIComponent(number)}?${new URLSearchParams({ currency })}`
  const answer = await getJson(url, {
    headers: { 'x-apikey': apiKey, 'user-agent': 'Mozilla/5.0 (compatible; Brickfolio market feed)' },
    timeoutMs,
    signal,
    who: 'BrickEconomy',
  })
  if (answer.kind !== 'json') return answer
  const parsed = answerSchema.safeParse(answer.body)
  if (!parsed.success) return { kind: 'failed', reason: 'BrickEconomy answered without set data' }
  const { current_value_new: newValue, current_value_used: usedValue } = parsed.data.data
  if (!newValue && !usedValue) return { kind: 'no-data' }
  return { kind: 'ok', value: { currency, new: newValue, used: usedValue } }
}

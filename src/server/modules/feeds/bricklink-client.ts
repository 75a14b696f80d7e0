import { createHmac } from 'node:crypto'
import OAuth from 'oauth-1.0a'
import { z } from 'zod'
import { type FeedAnswer, failureOfStatus, getJson } from './feed-answer.ts'

/** BrickLink store API keys (https://www.bricklink.com/v2/api/register_consumer.page): OAuth 1.0a, HMAC-SHA1. */
export interface BrickLinkCredentials {
  consumerKey: string
  consumerSecret: string
  token: string
  tokenSecret: string
}

/** One row of a sold price guide's `price_detail`. */
export interface SoldRow {
  quantity: number
  unitPrice: string
  dateOrdered: string
  sellerCountry: string | null
  buyerCountry: string | null
}

export interface SoldGuide {
  currency: string
  rows: SoldRow[]
}

/** A count, or nothing when it is not one (only a row's identity reads it). */
const positiveCount = z.coerce.number().int().positive().optional().catch(undefined)
const decimal = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d+(\.\d+)?$/))

/**
 * The price guide answer (research/import-formats.md §2.2): money as 4-decimal strings; sold rows carry
 * quantity, unit_price, seller/buyer_country_code and date_ordered (ISO 8601). The stock guide spells
 * quantity `qunatity`; both spellings are read.
 */
const guideSchema = z.object({
  /** Absent or null in a guide without sales does not matter: there is nothing to convert. */
  currency_code: z.string().length(3).nullish(),
  avg_price: decimal.optional(),
  price_detail: z
    .array(
      z.object({
        quantity: positiveCount,
        qunatity: positiveCount,
        unit_price: decimal,
        date_ordered: z.string(),
        seller_country_code: z.string().nullish().catch(null),
        buyer_country_code: z.string().nullish().catch(null),
      }),
    )
    .nullish()
    .transform((rows) => rows ?? []),
})

/** BrickLink's envelope: errors come as HTTP 200 with the status in `meta.code`. */
const envelopeSchema = z.object({
  meta: z.object({ code: z.coerce.number().int(), message: z.string().optional() }),
  data: z.unknown().optional(),
})

const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount)

export function bricklinkSigner(credentials: BrickLinkCredentials) {
  const oauth = new OAuth({
    consumer: { key: credentials.consumerKey, secret: credentials.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  })
  const token = { key: credentials.token, secret: credentials.tokenSecret }
  return (url: string) => oauth.toHeader(oauth.authorize({ url, method: 'GET' }, token)).Authorization
}

/**
 * The sold price guide of an item (the last six months) in one condition: `GET /items/{type}/{no}/price
 * ?guide_type=sold&new_or_used=N|U&currency_code=…`. A guide without a sale — an empty `price_detail`,
 * every price "0.0000" — is no data, not a price of 0.
 */
export async function fetchSoldGuide({
  baseUrl,
  sign,
  type,
  number,
  newOrUsed,
  currency,
  timeoutMs,
  signal,
}: {
  baseUrl: string
  sign: (url: string) => string
  type: 'SET' | 'MINIFIG'
  number: string
  newOrUsed: 'N' | 'U'
  currency: string
  timeoutMs: number
  /** Aborted when the server shuts down. */
  signal?: AbortSignal
}): Promise<FeedAnswer<SoldGuide>> {
  const query = new URLSearchParams({ guide_type: 'sold', new_or_used: newOrUsed, currency_code: currency })
  const url = `${baseUrl.replace(/\/$/, '')}/items/${type}/${encodeURIComponent(number)}/price?${query}`
  const answer = await getJson(url, {
    headers: { authorization: sign(url) },
    timeoutMs,
    signal,
    who: 'BrickLink',
  })
  if (answer.kind !== 'json') return answer
  const envelope = envelopeSchema.safeParse(answer.body)
  if (!envelope.success) return { kind: 'failed', reason: 'BrickLink answered without its meta envelope' }
  const failure = failureOfStatus(envelope.data.meta.code, 'BrickLink')
  if (failure)
    return { ...failure, reason: `${failure.reason} (${envelope.data.meta.message ?? 'no message'})` }
  const guide = guideSchema.safeParse(envelope.data.data)
  if (!guide.success) return { kind: 'failed', reason: 'BrickLink answered a price guide of another shape' }
  const rows = guide.data.price_detail
    .filter((row) => !isZero(row.unit_price))
    .map((row) => ({
      quantity: row.quantity ?? row.qunatity ?? 1,
      unitPrice: row.unit_price,
      dateOrdered: row.date_ordered,
      sellerCountry: row.seller_country_code ?? null,
      buyerCountry: row.buyer_country_code ?? null,
    }))
  if (rows.length === 0) return { kind: 'no-data' }
  const answered = guide.data.currency_code
  if (!answered) return { kind: 'failed', reason: 'BrickLink answered sales without their currency' }
  return { kind: 'ok', value: { currency: answered.toUpperCase(), rows } }
}

import type { Database } from '#server/db/client.ts'
import { withJobLock } from '#server/db/job-lock.ts'
import { JOB_LOCKS } from '#server/db/lock-keys.ts'
import {
  type FeedSale,
  recordFeedSales,
  recordMarketplaceValues,
} from '#server/modules/market/market.feed-sales.ts'
import { DAY_MS, todayUtc } from '#shared/dates.ts'
import { fetchSetValues } from './brickeconomy-client.ts'
import { type BrickLinkCredentials, bricklinkSigner, fetchSoldGuide } from './bricklink-client.ts'
import { soldGuideSales } from './bricklink-sales.ts'
import type { FeedFailure } from './feed-answer.ts'
import {
  type FeedCandidate,
  feedCandidates,
  markFailed,
  markFetched,
  type Provider,
  takeCall,
} from './feeds.repo.ts'

/** The advisory lock of the market feeds job. */
export const MARKET_FEEDS_LOCK = JOB_LOCKS.marketFeeds

interface ProviderLimits {
  baseUrl: string
  /** Calls allowed per UTC day, counted in the database across instances. */
  dailyQuota: number
  /** Calls one run may make, so that a day's quota is spread over the day's runs. */
  callsPerRun: number
}

export interface FeedSettings {
  bricklink?: ProviderLimits & { credentials: BrickLinkCredentials }
  brickeconomy?: ProviderLimits & { apiKey: string }
  /** An item fetched less than this long ago is not fetched again. */
  staleAfterMs: number
  /** Longest wait for one answer, body included. */
  timeoutMs: number
}

export interface ProviderOutcome {
  items: number
  calls: number
  /** Sales recorded (BrickLink) or items whose marketplace value changed (BrickEconomy). */
  recorded: number
  /** Sales fetched again that were already recorded. */
  alreadyKnown: number
  noData: number
  failures: number
  /** Why the run of this provider ended before its items did. */
  stopped: 'daily-quota' | 'run-budget' | 'rate-limited' | 'refused' | 'shutting-down' | null
  /** The first few failures, for the log. */
  reasons: string[]
}

export type FeedsRunOutcome =
  | { status: 'skipped'; reason: string }
  | { status: 'ran'; bricklink?: ProviderOutcome; brickeconomy?: ProviderOutcome }

/**
 * Both are asked in dollars, their home currency; a sale is converted into pounds at its day's rate, a value at
 * today's (fx service).
 */
const BRICKLINK_CURRENCY = 'USD'
const BRICKECONOMY_CURRENCY = 'USD'
/** Answers "too many requests" this many times in a row and the provider is left alone until the next run. */
const RATE_LIMITED_IN_A_ROW = 3
const MINUTE_MS = 60_000

/**
 * How long an item waits after its `failures`-th failure in a row: doubling from 15 minutes (a day for an
 * item the provider does not know, which rarely changes soon), at most a week.
 */
export function backoffMs(failure: FeedFailure, failures: number): number {
  const first = failure.kind === 'not-found' ? DAY_MS : 15 * MINUTE_MS
  return Math.min(first * 2 ** Math.max(0, failures - 1), 7 * DAY_MS)
}

/**
 * One run of the market feeds (DESIGN §5), in one instance at a time (an advisory lock; another instance's
 * run answers `skipped`): BrickLink's sold price guides become verified sales, BrickEconomy's values the
 * marketplace fallback, for the items people watch and own, within each provider's quotas.
 * `signal` ends the run between items, and a call under way, when the server shuts down.
 */
export async function runMarketFeeds({
  db,
  feeds,
  now = () => new Date(),
  signal,
}: {
  db: Database
  feeds: FeedSettings
  now?: () => Date
  signal?: AbortSignal
}): Promise<FeedsRunOutcome> {
  const locked = await withJobLock(db, MARKET_FEEDS_LOCK, async () => {
    const run = { db, feeds, now, signal }
    return {
      status: 'ran' as const,
      bricklink: feeds.bricklink ? await runBrickLink(run, feeds.bricklink) : undefined,
      brickeconomy: feeds.brickeconomy ? await runBrickEconomy(run, feeds.brickeconomy) : undefined,
    }
  })
  return locked.ran ? locked.value : { status: 'skipped', reason: 'another instance is running the feeds' }
}

interface Run {
  db: Database
  feeds: FeedSettings
  now: () => Date
  signal?: AbortSignal
}

/** What fetching one item came to: `failure` backs the item off; a stop also ends the provider's run. */
type ItemResult =
  | { kind: 'done'; outcome: 'ok' | 'no-data' }
  | { kind: 'failed'; failure: FeedFailure }
  | { kind: 'stopped'; stopped: NonNullable<ProviderOutcome['stopped']> }

/**
 * The loop both providers share: the candidates in order, each call counted against the day's quota and the
 * run's budget before it is made, each item's state written after it; a failure backs that item off and
 * the run goes on, except when the quota is spent, the credentials are refused or the provider keeps
 * answering "too many requests".
 */
async function runProvider(
  run: Run,
  options: {
    provider: Provider
    limits: ProviderLimits
    types: Array<'set' | 'minifig'>
    excludeNumbers?: string
    callsPerItem: number
    fetchItem: (
      item: FeedCandidate,
      call: () => Promise<void>,
      outcome: ProviderOutcome,
    ) => Promise<ItemResult>
  },
): Promise<ProviderOutcome> {
  const { provider, limits } = options
  const outcome: ProviderOutcome = {
    items: 0,
    calls: 0,
    recorded: 0,
    alreadyKnown: 0,
    noData: 0,
    failures: 0,
    stopped: null,
    reasons: [],
  }
  const started = run.now()
  const candidates = await feedCandidates(run.db, {
    provider,
    types: options.types,
    excludeNumbers: options.excludeNumbers ?? null,
    now: started,
    staleBefore: new Date(started.getTime() - run.feeds.staleAfterMs),
    limit: Math.ceil(limits.callsPerRun / options.callsPerItem),
  })
  // Counted before the call, whatever its answer: the provider counts failed calls too.
  const call = async () => {
    if (outcome.calls >= limits.callsPerRun) throw new Stop('run-budget')
    if (!(await takeCall(run.db, provider, todayUtc(run.now()), limits.dailyQuota)))
      throw new Stop('daily-quota')
    outcome.calls += 1
  }
  let rateLimited = 0
  for (const item of candidates) {
    if (run.signal?.aborted) {
      outcome.stopped = 'shutting-down'
      break
    }
    const result = await options.fetchItem(item, call, outcome).catch((error: unknown) => {
      if (error instanceof Stop) return { kind: 'stopped', stopped: error.stopped } as const
      throw error
    })
    // A call cut short by the shutdown is no failure of the item's: it is left as it was.
    if (run.signal?.aborted) {
      outcome.stopped = 'shutting-down'
      break
    }
    if (result.kind === 'stopped') {
      outcome.stopped = result.stopped
      break
    }
    if (result.kind === 'failed' && result.failure.kind === 'refused') {
      // Not the item's fault: it is left as it was, and no further call is made with keys that are refused.
      outcome.stopped = 'refused'
      outcome.reasons.push(result.failure.reason)
      break
    }
    outcome.items += 1
    if (result.kind === 'done') {
      rateLimited = 0
      if (result.outcome === 'no-data') outcome.noData += 1
      await markFetched(run.db, provider, item.itemId, run.now(), result.outcome)
      continue
    }
    const { failure } = result
    outcome.failures += 1
    if (outcome.reasons.length < 5) outcome.reasons.push(`${item.number}: ${failure.reason}`)
    const failures = item.failures + 1
    const nextAttempt = new Date(run.now().getTime() + backoffMs(failure, failures))
    await markFailed(run.db, provider, item.itemId, nextAttempt, failure.kind)
    rateLimited = failure.kind === 'rate-limited' ? rateLimited + 1 : 0
    if (rateLimited >= RATE_LIMITED_IN_A_ROW) {
      outcome.stopped = 'rate-limited'
      break
    }
  }
  return outcome
}

class Stop extends Error {
  constructor(readonly stopped: 'daily-quota' | 'run-budget') {
    super(stopped)
  }
}

/**
 * BrickLink: the sold guide, new then used, of each set and minifigure (our numbers are BrickLink's: `10305-1`,
 * `sw0001a`, except Rebrickable's `fig-…`, which are left out). Sales of a guide that answered are recorded even when the other guide failed or the quota ran
 * out between them: recording is idempotent, so the item's next fetch loses nothing and doubles nothing.
 */
async function runBrickLink(run: Run, feed: NonNullable<FeedSettings['bricklink']>) {
  const sign = bricklinkSigner(feed.credentials)
  return runProvider(run, {
    provider: 'bricklink',
    limits: feed,
    types: ['set', 'minifig'],
    // Rebrickable's minifigure ids (fig-012345), kept for figures BrickLink's number was not known for.
    excludeNumbers: 'fig-%',
    callsPerItem: 2,
    fetchItem: async (item, call, outcome) => {
      const sales: FeedSale[] = []
      let result: ItemResult | undefined
      try {
        for (const newOrUsed of ['N', 'U'] as const) {
          await call()
          const answer = await fetchSoldGuide({
            baseUrl: feed.baseUrl,
            sign,
            type: item.type === 'set' ? 'SET' : 'MINIFIG',
            number: item.number,
            newOrUsed,
            currency: BRICKLINK_CURRENCY,
            timeoutMs: run.feeds.timeoutMs,
            signal: run.signal,
          })
          if (answer.kind === 'no-data') continue
          if (answer.kind !== 'ok') {
            result = { kind: 'failed', failure: answer }
            break
          }
          const found = soldGuideSales({
            guide: answer.value,
            itemNumber: item.number,
            newOrUsed,
            today: todayUtc(run.now()),
          })
          if ('unsupportedCurrency' in found) {
            const reason = `BrickLink answered in ${found.unsupportedCurrency}, a currency we do not convert`
            result = { kind: 'failed', failure: { kind: 'failed', reason } }
            break
          }
          sales.push(...found)
        }
      } finally {
        if (sales.length > 0) {
          const recorded = await recordFeedSales({
            db: run.db,
            itemId: item.itemId,
            source: 'BrickLink',
            sales,
          })
          outcome.recorded += recorded.recorded
          outcome.alreadyKnown += recorded.alreadyKnown
        }
      }
      return result ?? { kind: 'done', outcome: sales.length > 0 ? 'ok' : 'no-data' }
    },
  })
}

/** BrickEconomy: the current new and used values of each set (its API values sets; minifigures are not fetched). */
async function runBrickEconomy(run: Run, feed: NonNullable<FeedSettings['brickeconomy']>) {
  return runProvider(run, {
    provider: 'brickeconomy',
    limits: feed,
    types: ['set'],
    callsPerItem: 1,
    fetchItem: async (item, call, outcome) => {
      await call()
      const answer = await fetchSetValues({
        baseUrl: feed.baseUrl,
        apiKey: feed.apiKey,
        number: item.number,
        currency: BRICKECONOMY_CURRENCY,
        timeoutMs: run.feeds.timeoutMs,
        signal: run.signal,
      })
      if (answer.kind === 'no-data') return { kind: 'done', outcome: 'no-data' }
      if (answer.kind !== 'ok') return { kind: 'failed', failure: answer }
      const { changed } = await recordMarketplaceValues({
        db: run.db,
        itemId: item.itemId,
        source: 'BrickEconomy',
        currency: BRICKECONOMY_CURRENCY,
        values: { new: answer.value.new, used: answer.value.used },
        now: run.now(),
      })
      if (changed.length > 0) outcome.recorded += 1
      return { kind: 'done', outcome: 'ok' }
    },
  })
}

import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { type FeedSettings, runMarketFeeds } from '../modules/feeds/feeds.service.ts'
import { type JobRuns, repeatEvery, reportRun } from './job-runs.ts'

/**
 * Runs the market feeds now and then every `intervalMs` (each run under the feeds' advisory lock, so of
 * several instances one runs at a time); returns a function that stops it, ending a run under way at its next
 * item (or call), and resolves when it has ended, so the database closes after it. A run that fails (the
 * database gone) is logged and the next one tries again.
 */
export function startMarketFeeds({
  db,
  feeds,
  intervalMs,
  log,
  runs,
}: {
  db: Database
  feeds: FeedSettings
  intervalMs: number
  log: FastifyBaseLogger
  runs?: JobRuns
}): () => Promise<void> {
  const stopping = new AbortController()
  const pass = async () => {
    try {
      const outcome = await reportRun(runs, 'market_feeds', () =>
        runMarketFeeds({ db, feeds, signal: stopping.signal }),
      )
      if (outcome.status === 'skipped') log.debug({ outcome }, 'market feeds')
      else log.info({ outcome }, 'market feeds run')
    } catch (error) {
      log.warn({ err: error }, 'market feeds run failed; trying again at the next run')
    }
  }
  const stop = repeatEvery(intervalMs, pass, { now: true })
  return async () => {
    stopping.abort()
    await stop()
  }
}

const MINUTES_A_DAY = 1440

/**
 * The feeds the configuration turns on (none without keys). Each run may make its share of a day's quota of
 * calls, so the quota lasts the day's runs rather than the first; the daily count still caps them all.
 */
export function feedSettingsFromConfig(config: Config): FeedSettings | undefined {
  const share = (quota: number) => Math.ceil((quota * config.FEEDS_INTERVAL_MINUTES) / MINUTES_A_DAY)
  const {
    BRICKLINK_CONSUMER_KEY: consumerKey,
    BRICKLINK_CONSUMER_SECRET: consumerSecret,
    BRICKLINK_TOKEN: token,
    BRICKLINK_TOKEN_SECRET: tokenSecret,
    BRICKECONOMY_API_KEY: apiKey,
  } = config
  const bricklink =
    consumerKey && consumerSecret && token && tokenSecret
      ? {
          baseUrl: config.BRICKLINK_API_URL,
          credentials: { consumerKey, consumerSecret, token, tokenSecret },
          dailyQuota: config.BRICKLINK_DAILY_QUOTA,
          callsPerRun: share(config.BRICKLINK_DAILY_QUOTA),
        }
      : undefined
  const brickeconomy = apiKey
    ? {
        baseUrl: config.BRICKECONOMY_API_URL,
        apiKey,
        dailyQuota: config.BRICKECONOMY_DAILY_QUOTA,
        callsPerRun: share(config.BRICKECONOMY_DAILY_QUOTA),
      }
    : undefined
  if (!bricklink && !brickeconomy) return undefined
  return { bricklink, brickeconomy, staleAfterMs: config.FEEDS_REFETCH_HOURS * 3_600_000, timeoutMs: 15_000 }
}

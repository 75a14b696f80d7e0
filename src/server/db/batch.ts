import DataLoader from 'dataloader'
import type { Database } from './client.ts'

export interface BatchOptions {
  /** Calls one statement takes at most. */
  maxBatchSize?: number
  /**
   * Writes that contend with each other (ADR 047): while a statement is in flight, the calls made meanwhile
   * gather until it is done, rather than going alongside it in a statement of their own; one statement of many
   * rows costs the database less than several of few rows committing at once. They wait no longer than this
   * many ms, so that a statement held up (by a lock, say) does not hold up every call after it.
   */
  afterPreviousUpToMs?: number
}

/**
 * Gathers the calls made while the server reads one round of requests off its sockets and runs them as one
 * statement, after that round (`setImmediate`): under load, dozens of requests share one round trip to the
 * database instead of paying one each (ADR 016). Nothing is cached: every call reads or writes afresh, so a
 * batched answer is as current as an unbatched one, and a lone request waits only for the round it came in.
 *
 * `run` answers each key in order: a value, or an Error for that key alone.
 */
export function batchedStatement<Key, Value>(
  run: (keys: readonly Key[]) => Promise<ReadonlyArray<Value | Error>>,
  { maxBatchSize = 200, afterPreviousUpToMs }: BatchOptions = {},
): (key: Key) => Promise<Value> {
  const options = { cache: false, maxBatchSize }
  if (afterPreviousUpToMs === undefined) {
    const loader = new DataLoader<Key, Value>(run, {
      ...options,
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
    })
    return (key) => loader.load(key)
  }
  let inFlight: Promise<unknown> | undefined
  const loader = new DataLoader<Key, Value>(
    (keys) => {
      const running = run(keys)
      inFlight = running
      const settled = () => {
        if (inFlight === running) inFlight = undefined
      }
      running.then(settled, settled)
      return running
    },
    {
      ...options,
      batchScheduleFn: (dispatch) => {
        const previous = inFlight
        if (!previous) {
          setImmediate(dispatch)
          return
        }
        let dispatched = false
        const once = () => {
          if (dispatched) return
          dispatched = true
          clearTimeout(timer)
          setImmediate(dispatch)
        }
        const timer = setTimeout(once, afterPreviousUpToMs)
        previous.then(once, once)
      },
    },
  )
  return (key) => loader.load(key)
}

/**
 * `batchedStatement` for each database handle it is called with (the app's, each test's), made at the first call
 * on that handle: one statement gathers only the calls made on one handle.
 */
export function batchedPerDatabase<Key, Value>(
  run: (db: Database, keys: readonly Key[]) => Promise<ReadonlyArray<Value | Error>>,
  options?: BatchOptions,
): (db: Database, key: Key) => Promise<Value> {
  const statements = new WeakMap<Database, (key: Key) => Promise<Value>>()
  return (db, key) => {
    let statement = statements.get(db)
    if (!statement) {
      statement = batchedStatement((keys: readonly Key[]) => run(db, keys), options)
      statements.set(db, statement)
    }
    return statement(key)
  }
}

import DataLoader from 'dataloader'
import type { Database } from './client.ts'

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
  maxBatchSize = 200,
): (key: Key) => Promise<Value> {
  const loader = new DataLoader<Key, Value>(run, {
    cache: false,
    maxBatchSize,
    batchScheduleFn: (callback) => setImmediate(callback),
  })
  return (key) => loader.load(key)
}

/**
 * `batchedStatement` for each database handle it is called with (the app's, each test's), made at the first call
 * on that handle: one statement gathers only the calls made on one handle.
 */
export function batchedPerDatabase<Key, Value>(
  run: (db: Database, keys: readonly Key[]) => Promise<ReadonlyArray<Value | Error>>,
  maxBatchSize?: number,
): (db: Database, key: Key) => Promise<Value> {
  const statements = new WeakMap<Database, (key: Key) => Promise<Value>>()
  return (db, key) => {
    let statement = statements.get(db)
    if (!statement) {
      statement = batchedStatement((keys: readonly Key[]) => run(db, keys), maxBatchSize)
      statements.set(db, statement)
    }
    return statement(key)
  }
}

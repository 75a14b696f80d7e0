import { describe, expect, it } from 'vitest'
import { batchedStatement } from './batch.ts'

/** A statement whose answer the test gives when it likes, recording the keys each run was called with. */
function heldStatements() {
  const runs: Array<{ keys: readonly string[]; finish: (failure?: Error) => void }> = []
  const run = (keys: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      runs.push({
        keys,
        finish: (failure) => (failure ? reject(failure) : resolve(keys.map((key) => key.toUpperCase()))),
      })
    })
  return { runs, run }
}

const nextRound = () => new Promise((resolve) => setImmediate(resolve))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('calls made at the same moment (batchedStatement)', () => {
  it('share one statement, each answered with its own value', async () => {
    const { runs, run } = heldStatements()
    const call = batchedStatement(run)
    const answers = Promise.all(['a', 'b', 'c'].map(call))
    await nextRound()
    expect(runs.map((one) => one.keys)).toEqual([['a', 'b', 'c']])
    runs[0]?.finish()
    expect(await answers).toEqual(['A', 'B', 'C'])
  })

  it('go alongside a statement in flight, by default', async () => {
    const { runs, run } = heldStatements()
    const call = batchedStatement(run)
    const first = call('a')
    await nextRound()
    const second = call('b')
    await nextRound()
    expect(runs.map((one) => one.keys)).toEqual([['a'], ['b']])
    for (const one of runs) one.finish()
    expect(await Promise.all([first, second])).toEqual(['A', 'B'])
  })
})

describe('writes that wait for the statement in flight (afterPreviousUpToMs)', () => {
  it('gather while it runs and go together once it is done, as soon as it is', async () => {
    const { runs, run } = heldStatements()
    const call = batchedStatement(run, { afterPreviousUpToMs: 5_000 })
    const first = call('a')
    await nextRound()
    expect(runs).toHaveLength(1)
    const meanwhile = ['b', 'c', 'd'].map(call)
    await nextRound()
    await nextRound()
    expect(runs).toHaveLength(1)
    const finishedAt = Date.now()
    runs[0]?.finish()
    expect(await first).toBe('A')
    await nextRound()
    expect(runs.map((one) => one.keys)).toEqual([['a'], ['b', 'c', 'd']])
    expect(Date.now() - finishedAt).toBeLessThan(1_000)
    runs[1]?.finish()
    expect(await Promise.all(meanwhile)).toEqual(['B', 'C', 'D'])
  })

  it('go once it has failed, and its failure is only its own calls’', async () => {
    const { runs, run } = heldStatements()
    const call = batchedStatement(run, { afterPreviousUpToMs: 5_000 })
    const first = call('a')
    await nextRound()
    const second = call('b')
    await nextRound()
    expect(runs).toHaveLength(1)
    runs[0]?.finish(new Error('lock timeout'))
    await expect(first).rejects.toThrow('lock timeout')
    await nextRound()
    expect(runs.map((one) => one.keys)).toEqual([['a'], ['b']])
    runs[1]?.finish()
    expect(await second).toBe('B')
  })

  it('go anyway when it is held longer than the limit, and not before', async () => {
    const { runs, run } = heldStatements()
    const call = batchedStatement(run, { afterPreviousUpToMs: 80 })
    void call('held')
    await nextRound()
    const startedAt = Date.now()
    const second = call('b')
    await sleep(20)
    expect(runs).toHaveLength(1)
    await expect.poll(() => runs.length, { timeout: 2_000, interval: 5 }).toBe(2)
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(75)
    expect(runs[1]?.keys).toEqual(['b'])
    runs[1]?.finish()
    expect(await second).toBe('B')
    // The one held up still answers when it is done.
    runs[0]?.finish()
  })

  it('do not wait when nothing is in flight', async () => {
    const { runs, run } = heldStatements()
    const call = batchedStatement(run, { afterPreviousUpToMs: 5_000 })
    const first = call('a')
    await nextRound()
    runs[0]?.finish()
    await first
    const second = call('b')
    await nextRound()
    expect(runs.map((one) => one.keys)).toEqual([['a'], ['b']])
    runs[1]?.finish()
    expect(await second).toBe('B')
  })
})

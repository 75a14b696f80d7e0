import { EventEmitter } from 'node:events'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { stopOnSignals } from './shutdown.ts'

/** The shutdown with its own signals, exits and log lines, and a `stop` the test finishes when it likes. */
function harness({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}) {
  const signals = new EventEmitter()
  const exits: number[] = []
  const messages: string[] = []
  const log = Fastify().log
  for (const level of ['info', 'warn', 'error'] as const) {
    log[level] = ((...args: unknown[]) => {
      messages.push(String(args.find((arg) => typeof arg === 'string')))
    }) as never
  }
  let finish: (error?: Error) => void = () => {}
  let stops = 0
  const stop = () => {
    stops++
    return new Promise<void>((resolve, reject) => {
      finish = (error) => (error ? reject(error) : resolve())
    })
  }
  stopOnSignals({ log, stop, timeoutMs, signals, exit: (code) => exits.push(code) })
  return { signals, exits, messages, finish: (error?: Error) => finish(error), stops: () => stops }
}

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))

describe('stopping on a signal', () => {
  it('stops once and exits 0 when everything has stopped', async () => {
    const run = harness()
    run.signals.emit('SIGTERM', 'SIGTERM')
    // The same Ctrl+C passed on by npm or tsx: not a second request.
    run.signals.emit('SIGINT', 'SIGINT')
    await settle()
    expect(run.stops()).toBe(1)
    expect(run.exits).toEqual([])
    run.finish()
    await settle()
    expect(run.exits).toEqual([0])
    expect(run.messages[0]).toMatch(/^SIGTERM: shutting down/)
  })

  it('exits 1 at once on a second signal a second or more after the first', async () => {
    const run = harness()
    run.signals.emit('SIGTERM', 'SIGTERM')
    await settle(1050)
    run.signals.emit('SIGTERM', 'SIGTERM')
    expect(run.exits).toEqual([1])
    expect(run.messages).toContain('SIGTERM again: exiting now, without waiting for the shutdown to finish.')
  })

  it('exits 1, saying so, when the stop takes longer than allowed or fails', async () => {
    const slow = harness({ timeoutMs: 50 })
    slow.signals.emit('SIGTERM', 'SIGTERM')
    await settle(100)
    expect(slow.exits).toEqual([1])
    expect(slow.messages).toContain('The shutdown did not finish within 0.05 s; exiting now.')

    const failing = harness()
    failing.signals.emit('SIGINT', 'SIGINT')
    failing.finish(new Error('database would not close'))
    await settle()
    expect(failing.exits).toEqual([1])
    expect(failing.messages).toContain('The shutdown failed; exiting now.')
  })
})

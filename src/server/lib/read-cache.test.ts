import { describe, expect, it } from 'vitest'
import { cacheKey, ReadCache } from './read-cache.ts'

const K = { scope: 'catalogue', key: 'k' }

describe('ReadCache', () => {
  it('serves the second identical read from memory and shares a load in flight', async () => {
    const cache = new ReadCache({ ttlMs: 60_000 })
    let loads = 0
    const load = async () => ({ n: ++loads })
    const [first, second] = await Promise.all([cache.json(K, load), cache.json(K, load)])
    expect(first).toEqual({ body: '{"n":1}', hit: false })
    expect(second).toEqual({ body: '{"n":1}', hit: true })
    expect(loads).toBe(1)
    await cache.clear()
    expect(await cache.json(K, load)).toEqual({ body: '{"n":2}', hit: false })
  })

  it('forgets a prefix here and announces it to the other instances', async () => {
    const announced: string[] = []
    const cache = new ReadCache({ ttlMs: 60_000, announce: async (prefix) => void announced.push(prefix) })
    await cache.json({ scope: 'prices:1', key: 'summary' }, async () => 1)
    await cache.json({ scope: 'prices:12', key: 'summary' }, async () => 12)
    await cache.forget('prices:1')
    expect(announced).toEqual(['prices:1'])
    expect((await cache.json({ scope: 'prices:1', key: 'summary' }, async () => 'again')).hit).toBe(false)
    expect((await cache.json({ scope: 'prices:12', key: 'summary' }, async () => 'again')).hit).toBe(true)
    // What another instance announced is forgotten here without being announced again.
    cache.forgetHere('')
    expect(announced).toEqual(['prices:1'])
    expect((await cache.json({ scope: 'prices:12', key: 'summary' }, async () => 'again')).hit).toBe(false)
  })

  it('still forgets here when the announcement cannot be sent, and reports it', async () => {
    const failures: unknown[] = []
    const cache = new ReadCache({
      ttlMs: 60_000,
      announce: () => Promise.reject(new Error('database down')),
      onAnnounceError: (error) => failures.push(error),
    })
    await cache.json(K, async () => 1)
    await cache.clear()
    expect(failures).toHaveLength(1)
    expect((await cache.json(K, async () => 2)).body).toBe('2')
  })

  it('does not keep a failed load', async () => {
    const cache = new ReadCache({ ttlMs: 60_000 })
    await expect(cache.json(K, () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.json(K, async () => 1)).toEqual({ body: '1', hit: false })
  })

  it('keeps nothing when its time to live is 0', async () => {
    const cache = new ReadCache({ ttlMs: 0 })
    await cache.json(K, async () => 1)
    expect((await cache.json(K, async () => 2)).body).toBe('2')
  })
})

describe('cacheKey', () => {
  it('ignores parameter order and undefined values', () => {
    expect(cacheKey('items', { b: 2, a: 1, c: undefined })).toBe(cacheKey('items', { a: 1, b: 2 }))
    expect(cacheKey('items', { a: 1 })).not.toBe(cacheKey('items', { a: 2 }))
  })
})

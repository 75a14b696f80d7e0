import { describe, expect, it } from 'vitest'
import { cacheKey, ReadCache } from './read-cache.ts'

describe('ReadCache', () => {
  it('serves the second identical read from memory and shares a load in flight', async () => {
    const cache = new ReadCache(60_000)
    let loads = 0
    const load = async () => ({ n: ++loads })
    const [first, second] = await Promise.all([cache.json('k', load), cache.json('k', load)])
    expect(first).toEqual({ body: '{"n":1}', hit: false })
    expect(second).toEqual({ body: '{"n":1}', hit: true })
    expect(loads).toBe(1)
    cache.clear()
    expect(await cache.json('k', load)).toEqual({ body: '{"n":2}', hit: false })
  })

  it('does not keep a failed load', async () => {
    const cache = new ReadCache(60_000)
    await expect(cache.json('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.json('k', async () => 1)).toEqual({ body: '1', hit: false })
  })

  it('keeps nothing when its time to live is 0', async () => {
    const cache = new ReadCache(0)
    await cache.json('k', async () => 1)
    expect((await cache.json('k', async () => 2)).body).toBe('2')
  })
})

describe('cacheKey', () => {
  it('ignores parameter order and undefined values', () => {
    expect(cacheKey('items', { b: 2, a: 1, c: undefined })).toBe(cacheKey('items', { a: 1, b: 2 }))
    expect(cacheKey('items', { a: 1 })).not.toBe(cacheKey('items', { a: 2 }))
  })
})

import { describe, expect, it } from 'vitest'
import { occurrenceCounter } from './occurrences.ts'

describe('occurrenceCounter', () => {
  it('counts the identical keys before each one, per pass', () => {
    const count = occurrenceCounter()
    expect(['a', 'b', 'a', 'a', 'b', 'c'].map(count)).toEqual([0, 0, 1, 2, 1, 0])
    expect(occurrenceCounter()('a')).toBe(0)
  })

  it('tells apart keys that differ in one character, over many keys', () => {
    const count = occurrenceCounter()
    const keys = Array.from({ length: 100_000 }, (_, index) => `75192-1|New|€${index}.99|2024-01-01`)
    expect(keys.filter((key) => count(key) !== 0)).toEqual([])
  })
})

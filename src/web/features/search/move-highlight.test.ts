import { describe, expect, it } from 'vitest'
import { moveHighlight } from './move-highlight.ts'

describe('moveHighlight', () => {
  it('starts from no highlight: Down goes to the first row, Up to the last', () => {
    expect(moveHighlight(-1, 1, 4)).toBe(0)
    expect(moveHighlight(-1, -1, 4)).toBe(3)
  })

  it('moves one row and wraps at both ends', () => {
    expect(moveHighlight(0, 1, 4)).toBe(1)
    expect(moveHighlight(3, 1, 4)).toBe(0)
    expect(moveHighlight(0, -1, 4)).toBe(3)
    expect(moveHighlight(2, -1, 4)).toBe(1)
  })

  it('has nothing to highlight in an empty list, and recovers from an out-of-range row', () => {
    expect(moveHighlight(-1, 1, 0)).toBe(-1)
    expect(moveHighlight(2, 1, 0)).toBe(-1)
    expect(moveHighlight(7, 1, 3)).toBe(0)
  })
})

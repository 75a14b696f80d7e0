import { describe, expect, it } from 'vitest'
import { themePaths } from './catalogue-bulk.repo.ts'

describe('themePaths', () => {
  it('gives each theme its root-first path', () => {
    const paths = themePaths([
      { id: 3, name: 'Sub-sub', parentId: 2 },
      { id: 1, name: 'Root', parentId: null },
      { id: 2, name: 'Sub', parentId: 1 },
    ])
    expect(paths.get(1)).toEqual([1])
    expect(paths.get(2)).toEqual([1, 2])
    expect(paths.get(3)).toEqual([1, 2, 3])
  })

  it('makes a theme with a missing parent, or in a cycle, its own root', () => {
    const paths = themePaths([
      { id: 5, name: 'Orphan', parentId: 99 },
      { id: 6, name: 'A', parentId: 7 },
      { id: 7, name: 'B', parentId: 6 },
    ])
    expect(paths.get(5)).toEqual([5])
    expect(paths.get(6)?.length).toBeLessThanOrEqual(2)
    expect(paths.get(7)?.length).toBeLessThanOrEqual(2)
  })
})

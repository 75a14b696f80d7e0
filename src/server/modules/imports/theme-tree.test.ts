import { describe, expect, it } from 'vitest'
import { themePaths, themeTree } from './theme-tree.ts'

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

describe('themeTree', () => {
  it('orders parents first, names each root and drops a parent that is not there', () => {
    const tree = themeTree([
      { id: 3, name: 'Ultimate Collector Series', parentId: 2 },
      { id: 2, name: 'Star Wars', parentId: null, era: 'Modern' },
      { id: 5, name: 'Orphan', parentId: 99 },
    ])
    expect(tree.map((theme) => theme.id)).toEqual([2, 5, 3])
    expect(tree[2]).toEqual({
      id: 3,
      name: 'Ultimate Collector Series',
      parentId: 2,
      path: [2, 3],
      rootName: 'Star Wars',
    })
    expect(tree[1]).toMatchObject({ parentId: null, path: [5], rootName: 'Orphan' })
    expect(tree[0]).toMatchObject({ era: 'Modern', rootName: 'Star Wars' })
  })
})

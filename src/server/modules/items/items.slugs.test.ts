import { describe, expect, it } from 'vitest'
import { assignSlugs } from './items.slugs.ts'

const falcon = { type: 'set', number: '75192-1', name: 'Millennium Falcon' }

describe('assignSlugs', () => {
  it('gives a new item the slug it wants', () => {
    expect(assignSlugs([falcon], new Map())).toEqual(['75192-1-millennium-falcon'])
  })

  it('keeps the slug an item already owns', () => {
    expect(assignSlugs([falcon], new Map([['75192-1-millennium-falcon', 'set:75192-1']]))).toEqual([
      '75192-1-millennium-falcon',
    ])
  })

  it('suffixes a slug another item has, stored or earlier in the batch', () => {
    const taken = new Map([['75192-1-millennium-falcon', 'minifig:75192-1']])
    const twin = { type: 'minifig', number: '75192 1', name: 'Millennium Falcon' }
    expect(assignSlugs([falcon, twin], taken)).toEqual([
      '75192-1-millennium-falcon-2',
      '75192-1-millennium-falcon-3',
    ])
  })
})

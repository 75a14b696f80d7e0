import { describe, expect, it } from 'vitest'
import { normalizeCode, normalizeName, slugify } from './text.ts'

describe('normalizeName', () => {
  it('lower-cases, strips accents and punctuation, spells out &', () => {
    expect(normalizeName('Millennium Falcon™ – UCS')).toBe('millennium falcon ucs')
    expect(normalizeName('Pokémon & Friends')).toBe('pokemon and friends')
    expect(normalizeName("Hagrid's Hut: Buckbeak's Rescue")).toBe('hagrid s hut buckbeak s rescue')
    expect(normalizeName('  !!  ')).toBe('')
  })
})

describe('normalizeCode', () => {
  it('keeps letters, digits and the variant dash', () => {
    expect(normalizeCode('SW 0001a')).toBe('sw0001a')
    expect(normalizeCode('75192-1')).toBe('75192-1')
    expect(normalizeCode(' fig--000001 ')).toBe('fig-000001')
    expect(normalizeCode('-75192-')).toBe('75192')
  })
})

describe('slugify', () => {
  it('joins number and name in lower case with dashes', () => {
    expect(slugify('75192-1', 'Millennium Falcon')).toBe('75192-1-millennium-falcon')
    expect(slugify('sw0001a', 'Battle Droid (Tan) with Back Plate')).toBe(
      'sw0001a-battle-droid-tan-with-back-plate',
    )
    expect(slugify('71043-1', 'Hogwarts™ Castle')).toBe('71043-1-hogwarts-castle')
  })

  it('cuts long names at a word boundary', () => {
    const slug = slugify(
      'fig-000001',
      'Luke Skywalker Orange Rebel Pilot Outfit Light Bluish Gray Hips Black Hands Printed Visor',
    )
    expect(slug.length).toBeLessThanOrEqual(80)
    expect(slug.endsWith('-')).toBe(false)
    expect(slug.startsWith('fig-000001-luke-skywalker')).toBe(true)
  })

  it('never returns an empty slug', () => {
    expect(slugify('', '')).toBe('item')
  })
})

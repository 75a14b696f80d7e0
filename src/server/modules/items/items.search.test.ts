import { describe, expect, it } from 'vitest'
import { nameWordPatterns, searchTerms } from './items.search.ts'

describe('searchTerms', () => {
  it('reads a query both as an item number and as a name', () => {
    expect(searchTerms(' SW 0001 ')).toEqual({ code: 'sw0001', name: 'sw 0001' })
    expect(searchTerms('75192-1')).toEqual({ code: '75192-1', name: '75192 1' })
    expect(searchTerms('Millenium Falcon!')).toEqual({ code: 'milleniumfalcon', name: 'millenium falcon' })
  })

  it('gives nothing to search for punctuation only', () => {
    expect(searchTerms('!!')).toEqual({ code: '', name: '' })
  })
})

describe('nameWordPatterns', () => {
  it('asks for every word anywhere in the name, in any order', () => {
    expect(nameWordPatterns('falcon millennium')).toEqual(['%falcon%', '%millennium%'])
  })

  it('matches short words as part of the whole phrase', () => {
    expect(nameWordPatterns('at at')).toEqual(['%at at%'])
    expect(nameWordPatterns('x wing')).toEqual(['%wing%', '%x wing%'])
  })
})

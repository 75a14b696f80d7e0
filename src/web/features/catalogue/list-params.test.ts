import { describe, expect, it } from 'vitest'
import { EMPTY_LIST_PARAMS, listSearch, parseListParams } from './list-params.ts'

describe('URL state', () => {
  it('reads filters and page, ignoring malformed values', () => {
    expect(parseListParams('')).toEqual(EMPTY_LIST_PARAMS)
    expect(parseListParams('?query=%20falcon%20&theme=171&year=2017&page=3')).toEqual({
      ...EMPTY_LIST_PARAMS,
      query: 'falcon',
      theme: '171',
      year: '2017',
      page: 3,
    })
    expect(parseListParams('?year=abc&page=-2')).toEqual(EMPTY_LIST_PARAMS)
    expect(parseListParams('?page=1.5').page).toBe(1)
    expect(parseListParams('?set=75192-1').set).toBe('75192-1')
  })

  it('writes only what differs from the defaults', () => {
    expect(listSearch(EMPTY_LIST_PARAMS)).toBe('')
    expect(listSearch({ ...EMPTY_LIST_PARAMS, theme: '171', page: 1 })).toBe('?theme=171')
    expect(listSearch({ ...EMPTY_LIST_PARAMS, query: 'x wing', year: '2017', page: 2 })).toBe(
      '?query=x+wing&year=2017&page=2',
    )
  })

  it('round-trips', () => {
    const state = { query: 'falcon', theme: 'Star Wars', year: '2015', page: 4, set: '75192-1' }
    expect(parseListParams(listSearch(state))).toEqual(state)
  })
})

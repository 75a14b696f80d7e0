import { describe, expect, it } from 'vitest'
import {
  collectionApiQuery,
  collectionSearch,
  DEFAULT_COLLECTION_PARAMS,
  parseCollectionParams,
} from './collection-params.ts'

describe('list parameters in the URL', () => {
  it('reads defaults from an empty query and ignores what it does not know', () => {
    expect(parseCollectionParams('')).toEqual(DEFAULT_COLLECTION_PARAMS)
    expect(parseCollectionParams('?page=0&filter=robots&sort=colour&direction=up')).toEqual(
      DEFAULT_COLLECTION_PARAMS,
    )
    expect(parseCollectionParams('?page=2.5')).toMatchObject({ page: 1 })
  })

  it('round-trips every parameter, leaving defaults out of the URL', () => {
    const params = { page: 3, filter: 'gainers', query: 'falcon', sort: 'pnl', direction: 'asc' } as const
    const search = collectionSearch(params)
    expect(search).toBe('?q=falcon&filter=gainers&sort=pnl&direction=asc&page=3')
    expect(parseCollectionParams(search)).toEqual(params)
    expect(collectionSearch(DEFAULT_COLLECTION_PARAMS)).toBe('')
    // A column in its natural direction still names both, so the URL says what it shows.
    expect(collectionSearch({ ...DEFAULT_COLLECTION_PARAMS, sort: 'name', direction: 'asc' })).toBe(
      '?sort=name&direction=asc',
    )
  })

  it('asks the API for the page, with "all" and an empty search left out', () => {
    expect(collectionApiQuery({ ...DEFAULT_COLLECTION_PARAMS, page: 3 })).toEqual({
      limit: 20,
      offset: 40,
      filter: undefined,
      query: undefined,
      sort: 'added',
      direction: 'desc',
    })
    expect(collectionApiQuery({ ...DEFAULT_COLLECTION_PARAMS, filter: 'sets', query: 'ucs' })).toMatchObject({
      filter: 'sets',
      query: 'ucs',
    })
  })
})

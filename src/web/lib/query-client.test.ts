import { describe, expect, it } from 'vitest'
import { queryKeyToUrl } from './query-client.ts'

describe('queryKeyToUrl', () => {
  it('uses the path alone', () => {
    expect(queryKeyToUrl(['/api/themes'])).toBe('/api/themes')
  })

  it('appends an object of parameters, skipping null and undefined', () => {
    expect(
      queryKeyToUrl(['/api/items', { query: 'x-wing fighter', limit: 10, theme: null, year: undefined }]),
    ).toBe('/api/items?query=x-wing+fighter&limit=10')
    expect(queryKeyToUrl(['/api/items', { theme: null }])).toBe('/api/items')
  })

  it('appends a raw query string', () => {
    expect(queryKeyToUrl(['/api/conditions', 'category=set'])).toBe('/api/conditions?category=set')
    expect(queryKeyToUrl(['/api/conditions', '?category=minifig'])).toBe('/api/conditions?category=minifig')
  })
})

import { describe, expect, it } from 'vitest'
import { themeShare } from './theme-share.ts'

describe('themeShare', () => {
  it('rounds the share of the value to a whole percent', () => {
    expect(themeShare('50.00', '150.00')).toBe('33% of value')
    expect(themeShare('100.00', '150.00')).toBe('67% of value')
    expect(themeShare('150.00', '150.00')).toBe('100% of value')
  })

  it('says nothing when the collection has no value', () => {
    expect(themeShare('0.00', '0.00')).toBe('')
    expect(themeShare('12.00', 'not a number')).toBe('')
  })
})

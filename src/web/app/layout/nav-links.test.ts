import { describe, expect, it } from 'vitest'
import { DESKTOP_LINKS, isCurrentRoute, MOBILE_LINKS } from './nav-links.ts'

describe('navigation links', () => {
  it('lists the spec links in order', () => {
    expect(DESKTOP_LINKS.map((link) => link.label)).toEqual([
      'Home',
      'Collection',
      'Sets',
      'Minifigures',
      'Community',
    ])
    expect(MOBILE_LINKS.map((link) => link.label)).toEqual([
      'Home',
      'Sets',
      'Minifigs',
      'Collection',
      'Community',
      'Profile',
    ])
    expect(DESKTOP_LINKS.find((link) => link.label === 'Community')?.href).toBe('/social-feed')
  })

  it('marks Home only on /, other links on their path and below', () => {
    expect(isCurrentRoute('/', '/')).toBe(true)
    expect(isCurrentRoute('/', '/sets')).toBe(false)
    expect(isCurrentRoute('/sets', '/sets')).toBe(true)
    expect(isCurrentRoute('/sets', '/sets/star-wars')).toBe(true)
    expect(isCurrentRoute('/sets', '/settings')).toBe(false)
  })
})

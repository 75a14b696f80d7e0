import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * The theme's colours, read from styles.css, keep WCAG AA contrast (4.5:1 for text) in the pairs the screens
 * use — including the states axe never sees, such as a button under the pointer.
 */
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8')
const token = (name: string): string => {
  const found = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})`))
  if (!found) throw new Error(`styles.css has no hex colour --color-${name}`)
  return found[1] as string
}

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe('the theme’s contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })

  it.each([
    ['white on the danger button', '#ffffff', 'brick-red'],
    ['white on the danger button under the pointer', '#ffffff', 'brick-red-hover'],
    ['text on the page', 'fg', 'canvas'],
    ['text on a card', 'fg', 'surface'],
    ['muted text on the page', 'muted', 'canvas'],
    ['muted text on a card', 'muted', 'surface'],
    ['muted text on a raised control', 'muted', 'raised'],
    ['subtle text on the page', 'subtle', 'canvas'],
  ])('keeps %s at 4.5:1 or more', (_, text, background) => {
    const colour = (name: string) => (name.startsWith('#') ? name : token(name))
    expect(contrast(colour(text), colour(background))).toBeGreaterThanOrEqual(4.5)
  })
})

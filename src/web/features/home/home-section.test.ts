import { describe, expect, it } from 'vitest'
import { homeSection } from './home-section.ts'

describe('homeSection', () => {
  it('shows the dashboard for a collection with items, the start section once onboarded', () => {
    expect(homeSection(undefined, true)).toBe('none')
    expect(homeSection(3, false)).toBe('dashboard')
    expect(homeSection(0, true)).toBe('start')
    expect(homeSection(0, false)).toBe('none')
  })
})

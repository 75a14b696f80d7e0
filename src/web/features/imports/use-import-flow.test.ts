import { describe, expect, it } from 'vitest'
import type { ImportIssue } from '#shared/contract/imports.ts'
import { allowedTargets, mergeAmbiguous, targetParam } from './use-import-flow.ts'

const candidate = (id: number, number: string) => ({
  id,
  type: 'set' as const,
  number,
  name: `Set ${number}`,
  year: 2020,
  imageUrl: null,
})
const ambiguous = (line: number, number: string): ImportIssue => ({
  line,
  number,
  name: null,
  status: 'ambiguous',
  message: `${number} matches 2 items`,
  candidates: [candidate(1, `${number}-1`), candidate(2, `${number}-2`)],
})

describe('mergeAmbiguous', () => {
  it('groups the lines of each number and keeps numbers asked about before', () => {
    const first = mergeAmbiguous([], [ambiguous(3, '383'), ambiguous(9, '383'), ambiguous(4, '7140')])
    expect(first.map((entry) => [entry.number, entry.lines])).toEqual([
      ['383', [3, 9]],
      ['7140', [4]],
    ])
    // The next preview, after 383 was chosen, no longer lists it: it stays on screen to change.
    const next = mergeAmbiguous(first, [ambiguous(4, '7140')])
    expect(next.map((entry) => [entry.number, entry.lines])).toEqual([
      ['383', [3, 9]],
      ['7140', [4]],
    ])
  })

  it('ignores every other issue', () => {
    const unknown: ImportIssue = {
      line: 5,
      number: '99999',
      name: null,
      status: 'unknown',
      message: 'unknown',
    }
    expect(mergeAmbiguous([], [unknown])).toEqual([])
  })
})

describe('allowedTargets', () => {
  const member = { id: 'm', role: 'user' as const, isTrusted: false }
  const trusted = { ...member, isTrusted: true }
  it('offers the catalogue to moderators only', () => {
    expect(allowedTargets('brickset-collection', member)).toEqual(['collection', 'wanted'])
    expect(allowedTargets('catalogue-csv', member)).toEqual([])
    expect(allowedTargets('catalogue-csv', trusted)).toEqual(['catalogue'])
  })
})

describe('targetParam', () => {
  it('reads a known target from the address, nothing else', () => {
    expect(targetParam('?target=wanted')).toBe('wanted')
    expect(targetParam('?target=everything')).toBeUndefined()
    expect(targetParam('')).toBeUndefined()
  })
})

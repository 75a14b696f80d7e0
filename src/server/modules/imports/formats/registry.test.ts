import { describe, expect, it } from 'vitest'
import { IMPORT_FORMATS } from '#shared/contract/values.ts'
import { FORMATS } from './registry.ts'

describe('format registry', () => {
  it('has exactly one reader for each import format', () => {
    expect(FORMATS.map((format) => format.format).sort()).toEqual([...IMPORT_FORMATS].sort())
  })
})

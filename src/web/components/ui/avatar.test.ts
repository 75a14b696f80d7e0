import { describe, expect, it } from 'vitest'
import { initialsOf } from './avatar.tsx'

describe('initialsOf', () => {
  it('takes up to two letters from the names, else the e-mail, else ?', () => {
    expect(initialsOf('ada', 'lovelace', 'a@example.com')).toBe('AL')
    expect(initialsOf('Ada', null, 'a@example.com')).toBe('A')
    expect(initialsOf(null, null, 'zoe@example.com')).toBe('Z')
    expect(initialsOf('  ', undefined, '')).toBe('?')
  })
})

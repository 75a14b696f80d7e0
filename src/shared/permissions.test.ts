import { describe, expect, it } from 'vitest'
import { canDeleteItem, canEditItem } from './permissions.ts'

const user = { id: 'u1', role: 'user' as const, isTrusted: false }
const trusted = { id: 'u2', role: 'user' as const, isTrusted: true }
const admin = { id: 'u3', role: 'admin' as const, isTrusted: false }

describe('item permissions (DESIGN §4)', () => {
  it('lets the creator, trusted users and admins edit', () => {
    expect(canEditItem(user, { createdBy: 'u1' })).toBe(true)
    expect(canEditItem(user, { createdBy: 'someone else' })).toBe(false)
    expect(canEditItem(user, { createdBy: null })).toBe(false)
    expect(canEditItem(trusted, { createdBy: null })).toBe(true)
    expect(canEditItem(admin, { createdBy: 'u1' })).toBe(true)
    expect(canEditItem(null, { createdBy: null })).toBe(false)
  })

  it('lets only trusted users and admins delete', () => {
    expect(canDeleteItem(user)).toBe(false)
    expect(canDeleteItem(trusted)).toBe(true)
    expect(canDeleteItem(admin)).toBe(true)
    expect(canDeleteItem(null)).toBe(false)
  })
})

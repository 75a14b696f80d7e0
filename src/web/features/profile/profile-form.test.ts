import { describe, expect, it } from 'vitest'
import { profileFormValues, profileTypeTitle, profileUpdateBody } from './profile-form.ts'
import { profileFormSchema } from './profile-form-schema.ts'

describe('the profile form', () => {
  it('shows missing names as empty boxes', () => {
    expect(profileFormValues({ firstName: null, lastName: 'Lovelace', profileType: null })).toEqual({
      firstName: '',
      lastName: 'Lovelace',
      profileType: undefined,
    })
  })

  it('sends the names as typed and the profile type only when chosen', () => {
    const values = profileFormSchema.parse({ firstName: ' Ada ', lastName: '', profileType: 'investor' })
    expect(profileUpdateBody(values)).toEqual({ firstName: 'Ada', lastName: '', profileType: 'investor' })
    expect(profileUpdateBody(profileFormSchema.parse({ firstName: 'Ada', lastName: 'L' }))).toEqual({
      firstName: 'Ada',
      lastName: 'L',
    })
  })

  it("uses the server's length limit and message", () => {
    const result = profileFormSchema.safeParse({ firstName: 'x'.repeat(101), lastName: '' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('First name must be at most 100 characters')
  })

  it('titles the profile types', () => {
    expect(profileTypeTitle('shop')).toBe('Shop Owner')
    expect(profileTypeTitle(null)).toBeUndefined()
  })
})

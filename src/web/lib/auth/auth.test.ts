import { describe, expect, it } from 'vitest'
import { hasBetaAccess, userOrNull } from './auth-queries.ts'
import {
  isInFrame,
  LOGIN_POPUP_HEIGHT,
  LOGIN_POPUP_POLL_MS,
  LOGIN_POPUP_WIDTH,
  loginPopupFeatures,
} from './login-popup.ts'

describe('userOrNull', () => {
  it('counts a user only when it has an id', () => {
    expect(userOrNull({ id: 'u1', email: 'a@example.com' })).toEqual({ id: 'u1', email: 'a@example.com' })
    expect(userOrNull({ email: 'a@example.com' })).toBeNull()
    expect(userOrNull({ id: '' })).toBeNull()
    expect(userOrNull(null)).toBeNull()
    expect(userOrNull('user')).toBeNull()
  })
})

describe('hasBetaAccess', () => {
  it('lets in listed users, and everyone while the beta is public', () => {
    expect(hasBetaAccess({ hasAccess: true, isPublic: false, userEmail: 'a@example.com' })).toBe(true)
    expect(hasBetaAccess({ hasAccess: false, isPublic: true, userEmail: 'a@example.com' })).toBe(true)
    expect(hasBetaAccess({ hasAccess: false, isPublic: false, userEmail: 'a@example.com' })).toBe(false)
    expect(hasBetaAccess(undefined)).toBe(false)
  })
})

describe('the login popup', () => {
  it('is 500×600, polled every second', () => {
    expect([LOGIN_POPUP_WIDTH, LOGIN_POPUP_HEIGHT, LOGIN_POPUP_POLL_MS]).toEqual([500, 600, 1000])
  })

  it('is centred over the window, never off the top-left of the screen', () => {
    expect(loginPopupFeatures({ x: 100, y: 50, width: 1300, height: 900 })).toBe(
      'popup=yes,width=500,height=600,left=500,top=200',
    )
    expect(loginPopupFeatures({ x: 0, y: 0, width: 320, height: 480 })).toBe(
      'popup=yes,width=500,height=600,left=0,top=0',
    )
  })

  it('knows when the page runs inside a frame', () => {
    const top = {} as Window
    expect(isInFrame({ self: top, top } as Window)).toBe(false)
    expect(isInFrame({ self: {} as Window, top } as Window)).toBe(true)
    const crossOrigin = {
      self: {} as Window,
      get top(): Window {
        throw new Error('cross-origin')
      },
    }
    expect(isInFrame(crossOrigin as Window)).toBe(true)
  })
})

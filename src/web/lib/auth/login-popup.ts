import { LOGIN_PATH } from './auth-queries.ts'

/** Inside a frame, login opens in a 500×600 popup; the page reloads once it closes (spec 01 §2, §9). */
export const LOGIN_POPUP_WIDTH = 500
export const LOGIN_POPUP_HEIGHT = 600
export const LOGIN_POPUP_POLL_MS = 1_000

export function isInFrame(win: Pick<Window, 'self' | 'top'> = window): boolean {
  try {
    return win.self !== win.top
  } catch {
    // A cross-origin parent cannot even be compared: we are framed.
    return true
  }
}

/** window.open features for a popup of the spec's size, centred over the current window. */
export function loginPopupFeatures(outer: { x: number; y: number; width: number; height: number }): string {
  const left = Math.max(0, Math.round(outer.x + (outer.width - LOGIN_POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round(outer.y + (outer.height - LOGIN_POPUP_HEIGHT) / 2))
  return `popup=yes,width=${LOGIN_POPUP_WIDTH},height=${LOGIN_POPUP_HEIGHT},left=${left},top=${top}`
}

/** Opens login in a popup and reloads this page when the popup closes; navigates here if blocked. */
export function openLoginPopup(): void {
  const popup = window.open(
    LOGIN_PATH,
    'brickfolio-login',
    loginPopupFeatures({
      x: window.screenX,
      y: window.screenY,
      width: window.outerWidth,
      height: window.outerHeight,
    }),
  )
  if (!popup) {
    window.location.assign(LOGIN_PATH)
    return
  }
  const timer = setInterval(() => {
    if (popup.closed) {
      clearInterval(timer)
      window.location.reload()
    }
  }, LOGIN_POPUP_POLL_MS)
}

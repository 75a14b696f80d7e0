import { useRef } from 'react'

/**
 * Radix returns focus only to a `Dialog.Trigger`; our dialogs open from state, so this remembers what
 * had focus when `open` turned true and gives it focus back when the dialog closes (if it is still on
 * the page). The opener is read while rendering, before any field inside the dialog can take focus
 * (an `autoFocus` input does so before Radix's open event).
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null)
  const wasOpen = useRef(false)
  if (open && !wasOpen.current) {
    const active = typeof document === 'undefined' ? null : document.activeElement
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null
  }
  wasOpen.current = open
  return {
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current
      opener.current = null
      if (!target?.isConnected) return
      event.preventDefault()
      target.focus()
    },
  }
}

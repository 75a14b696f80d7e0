import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

/**
 * The live stream of the signed-in user's notifications, one per tab, opened by the app shell. Its code
 * (notification-stream.ts, with the toast's wording) loads once signed in, not with every first screen.
 */
export function useNotificationEvents(enabled: boolean) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    let closed = false
    let close: (() => void) | undefined
    void import('./notification-stream.ts').then(({ openNotificationStream }) => {
      if (!closed) close = openNotificationStream(queryClient)
    })
    return () => {
      closed = true
      close?.()
    }
  }, [enabled, queryClient])
}

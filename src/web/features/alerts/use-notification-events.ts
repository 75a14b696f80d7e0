import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Notification } from '#shared/contract/alerts.ts'
import { ALERTS_EVENT, NOTIFICATION_EVENT, PRICES_EVENT } from '#shared/contract/values.ts'
import { toast } from '#web/components/ui/toast-store.ts'
import { invalidateMarket } from '#web/lib/item-market.ts'
import { invalidateNotifications } from './notification-queries.ts'
import { ALERTS_PATH, invalidateAlerts } from './queries.ts'

export const EVENTS_PATH = '/api/me/events'

/** The item ids a prices event names (`pricesEventSchema`, read without zod: the shell loads no schemas). */
function pricedItemIds(data: string): number[] {
  try {
    const { itemIds } = JSON.parse(data) as { itemIds?: unknown }
    return Array.isArray(itemIds) ? itemIds.filter((id): id is number => Number.isInteger(id)) : []
  } catch {
    return []
  }
}

/**
 * The live stream of the signed-in user's notifications (one per tab, opened by the app shell): each alert
 * that fires refreshes the bell, the centre and the watchlist (whose rows show the price that fired it), and
 * shows a toast. New prices of items the user has alerts on refresh the watchlist's "Fair price now", and the
 * item's own page if it is open (so a fired alert's toast never sits beside the price before it). A change to
 * the user's alerts made elsewhere (another tab or device, or a pause that ran out) refreshes them here. The
 * browser reconnects by itself after a drop, sending the last notification's id, and the server sends what
 * was missed.
 */
export function useNotificationEvents(enabled: boolean) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    const source = new EventSource(EVENTS_PATH)
    const onNotification = (event: MessageEvent<string>) => {
      let notification: Notification
      try {
        notification = JSON.parse(event.data) as Notification
      } catch {
        return
      }
      void invalidateNotifications(queryClient)
      void invalidateAlerts(queryClient)
      // The toast's wording loads when the first alert fires, not with every first screen.
      void import('./notification-text.ts').then(({ triggeredToast }) => toast(triggeredToast(notification)))
    }
    const onPrices = (event: MessageEvent<string>) => {
      void queryClient.invalidateQueries({ queryKey: [ALERTS_PATH] })
      for (const itemId of pricedItemIds(event.data)) void invalidateMarket(queryClient, itemId)
    }
    const onAlertsChanged = () => void invalidateAlerts(queryClient)
    source.addEventListener(NOTIFICATION_EVENT, onNotification)
    source.addEventListener(PRICES_EVENT, onPrices)
    source.addEventListener(ALERTS_EVENT, onAlertsChanged)
    return () => {
      source.removeEventListener(NOTIFICATION_EVENT, onNotification)
      source.removeEventListener(PRICES_EVENT, onPrices)
      source.removeEventListener(ALERTS_EVENT, onAlertsChanged)
      source.close()
    }
  }, [enabled, queryClient])
}

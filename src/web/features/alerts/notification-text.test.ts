import { describe, expect, it } from 'vitest'
import type { Notification } from '#shared/contract/alerts.ts'
import { bellLabel } from './components/notification-bell.tsx'
import { firedText, triggeredToast } from './notification-text.ts'

const notification: Notification = {
  id: 7,
  alertId: 3,
  item: { id: 1, number: '75192', name: 'Millennium Falcon', slug: '75192-1', imageUrl: null, type: 'set' },
  condition: 'New/Sealed',
  direction: 'below',
  thresholdValue: '600.00',
  currency: 'USD',
  priceGbp: '430.00',
  price: '589.04',
  createdAt: '2026-11-24T10:00:00.000Z',
  read: false,
}

describe('a fired alert', () => {
  it("says what the price did, in the alert's currency and in pounds when that is another", () => {
    expect(firedText(notification)).toEqual({
      fired: 'Fell below $600.00',
      price: '$589.04',
      priceGbp: '£430.00',
    })
    expect(firedText({ ...notification, direction: 'above', currency: 'GBP', price: '430.00' })).toEqual({
      fired: 'Rose above £600.00',
      price: '£430.00',
      priceGbp: null,
    })
  })

  it('makes the live toast', () => {
    expect(triggeredToast(notification)).toEqual({
      title: 'Price alert triggered',
      description: '75192 - Millennium Falcon (New/Sealed): fell below $600.00, now $589.04 (£430.00)',
    })
  })

  it('names the bell with its count', () => {
    expect(bellLabel(0)).toBe('Notifications')
    expect(bellLabel(3)).toBe('Notifications, 3 unread')
  })
})

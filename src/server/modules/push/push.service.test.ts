import { describe, expect, it } from 'vitest'
import type { PushEvent } from './push.repo.ts'
import { alertPush, deliveryOf, isAllowedPushService } from './push.service.ts'

describe('isAllowedPushService', () => {
  const services = ['https://fcm.googleapis.com', 'https://*.notify.windows.com', 'http://127.0.0.1:8080']
  it('allows the listed origins, and the subdomains of a `*.` one', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'http://127.0.0.1:8080/push/1',
    ])
      expect(isAllowedPushService(endpoint, services), endpoint).toBe(true)
  })
  it('refuses other hosts, schemes, ports and credentials', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com.evil.example/x',
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://notify.windows.com/w/',
      'https://evilnotify.windows.com/w/',
      'http://127.0.0.1:8081/push/1',
      'http://127.0.0.1/push/1',
      'https://user:pass@fcm.googleapis.com/x',
      'not a url',
    ])
      expect(isAllowedPushService(endpoint, services), endpoint).toBe(false)
  })
})

describe('deliveryOf', () => {
  it('reads a push service’s answer', () => {
    expect([201, 202, 404, 410, 401, 403, 429, 500, 503, 400, 413].map(deliveryOf)).toEqual([
      'sent',
      'sent',
      'gone',
      'gone',
      'gone',
      'gone',
      'retry',
      'retry',
      'retry',
      'refused',
      'refused',
    ])
  })
})

describe('alertPush', () => {
  const event = (n: number): PushEvent => ({
    id: n,
    alertId: n,
    userId: 'u',
    itemNumber: `100${n}`,
    itemName: 'Castle\nKeep',
    itemSlug: `100${n}-castle`,
    condition: 'New/Sealed',
    direction: 'above',
    thresholdValue: '45.00',
    currency: 'EUR',
    price: '47.50',
  })
  it('says what one alert saw, in its currency, on one line each', () => {
    expect(alertPush([event(1)])).toEqual({
      title: '1001 Castle Keep is above €45.00',
      body: 'New/Sealed: fair price €47.50, above your alert at €45.00',
      url: '/item/1001-castle',
      tag: 'alert-1',
    })
  })
  it('names the first three of several, and counts the rest', () => {
    const payload = alertPush([1, 2, 3, 4, 5].map(event))
    expect(payload.title).toBe('5 price alerts fired')
    expect(payload.body.split('\n')).toEqual([
      '1001 Castle Keep is above €45.00',
      '1002 Castle Keep is above €45.00',
      '1003 Castle Keep is above €45.00',
      'and 2 more',
    ])
    expect(payload.url).toBe('/alerts')
  })
})

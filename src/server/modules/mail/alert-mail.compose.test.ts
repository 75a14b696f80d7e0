import { describe, expect, it } from 'vitest'
import { alertMessage } from './alert-mail.compose.ts'
import type { MailEvent } from './alert-mail.repo.ts'
import { digestCutoff } from './alert-mail.service.ts'

const event = (overrides: Partial<MailEvent> = {}): MailEvent => ({
  id: 1,
  userId: 'u',
  email: 'ada@example.com',
  emailToken: '3f2c1a9e-1111-4222-8333-444455556666',
  itemNumber: '10294',
  itemName: 'Titanic',
  itemSlug: '10294-titanic',
  condition: 'New/Sealed',
  direction: 'below',
  thresholdValue: '500.00',
  currency: 'GBP',
  price: '480.00',
  createdAt: '2026-11-24T09:15:00.000Z',
  ...overrides,
})
const links = { baseUrl: 'https://bricks.example' }

describe('an alert e-mail', () => {
  it('says what fired in its subject, in the alert’s own currency (yen whole)', () => {
    expect(alertMessage({ events: [event()], links }).subject).toBe(
      'Price alert: 10294 Titanic is below £500.00',
    )
    const yen = event({ currency: 'JPY', thresholdValue: '90000.00', price: '91000.00', direction: 'above' })
    expect(alertMessage({ events: [yen], links }).subject).toBe('Price alert: 10294 Titanic is above ¥90,000')
  })

  it('keeps names typed by users out of its markup and its headers', () => {
    const hostile = event({ itemName: '<script>alert(1)</script>\r\nBcc: x@evil.example' })
    const message = alertMessage({ events: [hostile], links })
    expect(message.html).not.toContain('<script>')
    expect(message.html).toContain('&lt;script&gt;')
    expect(message.subject).not.toMatch(/[\r\n]/)
  })

  it('links absolutely, with the one-click unsubscribe headers', () => {
    const message = alertMessage({ events: [event(), event({ id: 2 })], links, digestDay: '2026-11-25' })
    expect(message.subject).toBe('Daily digest: 2 price alerts fired (25 Nov 2026)')
    expect(message.text).toContain('https://bricks.example/item/10294-titanic')
    expect(message.headers).toEqual({
      'List-Unsubscribe':
        '<https://bricks.example/api/email/unsubscribe?token=3f2c1a9e-1111-4222-8333-444455556666>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })
})

describe('the digest time', () => {
  it('is today at the hour once it has passed, else yesterday at the hour', () => {
    expect(digestCutoff(new Date('2026-11-25T08:00:00Z'), 8).toISOString()).toBe('2026-11-25T08:00:00.000Z')
    expect(digestCutoff(new Date('2026-11-25T23:59:00Z'), 8).toISOString()).toBe('2026-11-25T08:00:00.000Z')
    expect(digestCutoff(new Date('2026-11-25T07:59:59Z'), 8).toISOString()).toBe('2026-11-24T08:00:00.000Z')
    expect(digestCutoff(new Date('2026-11-25T00:00:00Z'), 0).toISOString()).toBe('2026-11-25T00:00:00.000Z')
  })
})

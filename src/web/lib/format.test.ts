import { describe, expect, it } from 'vitest'
import { FALLBACK_RATES_PER_USD, formatPrice } from '#shared/money.ts'
import {
  axisAmount,
  exactTime,
  formatCount,
  formatDate,
  formatDay,
  formatWholeAmount,
  MINUS,
  percentOf,
  plural,
  relativeTime,
  signedAmount,
  signedPercent,
  toneOf,
} from './format.ts'

const usd = (amount: string) => formatPrice(amount, 'USD')
const gbp = (amount: string) => formatPrice(amount, 'GBP')

describe('gains and losses', () => {
  it('writes a sign, never colour alone, and a dash when unknown', () => {
    expect(signedAmount('20.00', gbp)).toBe('+£20.00')
    expect(signedAmount('-8.00', gbp)).toBe(`${MINUS}£8.00`)
    expect(signedAmount('0.00', gbp)).toBe('£0.00')
    expect(signedAmount(null, gbp)).toBe('—')
    // Converted like every other amount: £73 is $100 at the built-in rates.
    expect(signedAmount('-73.00', usd)).toBe(`${MINUS}$100.00`)
  })

  it('writes percentages with two decimals and a sign', () => {
    expect(signedPercent('66.67')).toBe('+66.67%')
    expect(signedPercent('-40')).toBe(`${MINUS}40.00%`)
    expect(signedPercent('0')).toBe('0.00%')
    expect(signedPercent(null)).toBe('—')
  })

  it('writes a trend the same way: signed, two decimals, zero unsigned', () => {
    expect(signedPercent('37.50')).toBe('+37.50%')
    expect(signedPercent('-5')).toBe(`${MINUS}5.00%`)
    expect(signedPercent('0.00')).toBe('0.00%')
    expect(signedPercent('-0.00')).toBe('0.00%')
    expect(toneOf('-0.00')).toBe('flat')
    expect(toneOf('')).toBe('none')
  })

  it('tells gains from losses', () => {
    expect(toneOf('0.01')).toBe('gain')
    expect(toneOf('-0.01')).toBe('loss')
    expect(toneOf('0.00')).toBe('flat')
    expect(toneOf(null)).toBe('none')
    expect(toneOf('n/a')).toBe('none')
  })
})

describe('shares', () => {
  it('rounds a part of a whole half up to the decimals asked for', () => {
    expect(percentOf('50.00', '150.00', 0)).toBe('33')
    expect(percentOf('100.00', '150.00', 0)).toBe('67')
    expect(percentOf('1', '3', 1)).toBe('33.3')
    expect(percentOf('2', '3', 1)).toBe('66.7')
  })

  it('is nothing without a whole above zero or a part', () => {
    expect(percentOf('1', '0', 1)).toBeNull()
    expect(percentOf('12.00', 'not a number', 0)).toBeNull()
    expect(percentOf(null, '10', 0)).toBeNull()
  })
})

describe('headline and chart amounts', () => {
  it('shows the total value in whole units of the display currency, rounded half up', () => {
    const rates = FALLBACK_RATES_PER_USD
    expect(formatWholeAmount('146.00', 'USD', rates)).toBe('$200')
    expect(formatWholeAmount('100.00', 'GBP', rates)).toBe('£100')
    expect(formatWholeAmount('100.50', 'GBP', rates)).toBe('£101')
    expect(formatWholeAmount('100.49', 'GBP', rates)).toBe('£100')
    // £40 = €46.58 at 0.85 / 0.73, shown whole.
    expect(formatWholeAmount('40.00', 'EUR', rates)).toBe('€47')
    expect(formatWholeAmount('40.00', 'JPY', rates)).toBe('¥6,027')
    expect(formatWholeAmount(null, 'USD', rates)).toBe('$0')
  })

  it('labels the value axis compactly in the display currency', () => {
    expect(axisAmount(80, 'USD')).toBe('$80')
    expect(axisAmount(2.5, 'GBP')).toBe('£2.50')
    expect(axisAmount(1000, 'EUR')).toBe('€1k')
    expect(axisAmount(1250, 'USD')).toBe('$1.3k')
    expect(axisAmount(15_000, 'JPY')).toBe('¥15k')
    expect(axisAmount(1_500_000, 'CAD')).toBe('C$1.5M')
    expect(axisAmount(950, 'USD')).toBe('$950')
    expect(axisAmount(1234, 'USD')).toBe('$1.2k')
    expect(axisAmount(150_000, 'JPY')).toBe('¥150k')
    expect(axisAmount(2_500_000, 'JPY')).toBe('¥2.5M')
  })

  it('writes both charts’ axes alike: amounts with two decimals, a typographic minus', () => {
    expect(axisAmount(12.5, 'GBP')).toBe('£12.50')
    expect(axisAmount(-20, 'USD')).toBe(`${MINUS}$20`)
    expect(axisAmount(-1500, 'SEK')).toBe(`${MINUS}kr1.5k`)
  })
})

describe('counts', () => {
  it('groups thousands and says one or many', () => {
    expect(formatCount(7541)).toBe('7,541')
    expect(formatCount(12)).toBe('12')
    expect(plural(1, 'item', 'items')).toBe('1 item')
    expect(plural(0, 'item', 'items')).toBe('0 items')
    expect(plural(3, 'entry', 'entries')).toBe('3 entries')
  })
})

describe('relativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z')
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString()

  it('says how long ago, in the largest whole unit', () => {
    expect(relativeTime(ago(5), now)).toBe('just now')
    expect(relativeTime(ago(59), now)).toBe('just now')
    expect(relativeTime(ago(60), now)).toBe('1 minute ago')
    expect(relativeTime(ago(5 * 60 + 30), now)).toBe('5 minutes ago')
    expect(relativeTime(ago(60 * 60), now)).toBe('1 hour ago')
    expect(relativeTime(ago(2 * 60 * 60 + 59 * 60), now)).toBe('2 hours ago')
    expect(relativeTime(ago(24 * 60 * 60), now)).toBe('1 day ago')
    expect(relativeTime(ago(29 * 24 * 60 * 60), now)).toBe('29 days ago')
    expect(relativeTime(ago(45 * 24 * 60 * 60), now)).toBe('1 month ago')
    expect(relativeTime(ago(800 * 24 * 60 * 60), now)).toBe('2 years ago')
  })

  it('treats a time ahead of our clock as just now, and a bad time as none', () => {
    expect(relativeTime(ago(-120), now)).toBe('just now')
    expect(relativeTime('not a time', now)).toBeNull()
  })
})

describe('dates', () => {
  it('shows sale days and exact times as people read them', () => {
    expect(formatDay('2026-03-03')).toBe('3 Mar 2026')
    expect(formatDay('2026-03-03T00:00:00.000Z')).toBe('3 Mar 2026')
    expect(exactTime('2026-03-03T14:05:00Z', 'UTC')).toBe('3 Mar 2026, 14:05')
  })

  it('shows when something happened on the user’s own day', () => {
    expect(formatDate(new Date(2026, 2, 3, 23, 30).toISOString())).toBe('3 Mar 2026')
  })
})

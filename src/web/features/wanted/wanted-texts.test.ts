import { describe, expect, it } from 'vitest'
import type { WantedItem } from '#shared/contract/imports.ts'
import {
  alertOneLabel,
  alertsSetTexts,
  foundText,
  gradeWantedText,
  itemFactsText,
  removeDescription,
  wantedCountText,
} from './wanted-texts.ts'

const falcon: WantedItem = {
  id: 1,
  item: {
    id: 7,
    type: 'set',
    number: '75192-1',
    name: 'Millennium Falcon',
    slug: '75192-1-millennium-falcon',
    theme: 'Star Wars',
    year: 2017,
    imageUrl: null,
  },
  grade: null,
  quantity: 1000,
  quantityFilled: 0,
  maxPrice: null,
  maxPriceOriginal: null,
  currency: null,
  notes: null,
  source: 'bricklink-wanted',
  fairPriceGbp: null,
  hasPriceAlert: false,
  createdAt: '2026-03-01T10:00:00.000Z',
}

describe('the wanted list’s texts', () => {
  it('name the grade wanted, either when none', () => {
    expect([gradeWantedText('new'), gradeWantedText('used'), gradeWantedText(null)]).toEqual([
      'New',
      'Used',
      'Any condition',
    ])
  })

  it('count the list and what is found', () => {
    expect([wantedCountText(1), wantedCountText(0), wantedCountText(1204)]).toEqual([
      '1 item',
      '0 items',
      '1,204 items',
    ])
    expect(foundText(falcon)).toBeNull()
    expect(foundText({ quantity: 1000, quantityFilled: 3 })).toBe('3 of 1,000 found')
  })

  it('describe the item and what a removal removes', () => {
    expect(itemFactsText(falcon.item)).toBe('Set · Star Wars · 2017')
    expect(itemFactsText({ ...falcon.item, type: 'minifig', year: null })).toBe('Minifigure · Star Wars')
    expect(removeDescription(falcon)).toBe(
      '75192-1 - Millennium Falcon (Any condition, quantity 1,000) will be removed from your wanted list. Importing the list again brings it back.',
    )
  })

  it('say how many alerts were set at the list’s prices, and why the rest were not', () => {
    expect(alertsSetTexts({ created: 12, alreadySet: 1, withoutPrice: 1_204 })).toEqual({
      title: '12 price alerts set',
      description:
        'You’ll be notified when a wanted item’s fair price falls to your price. 1 item already has an alert. 1,204 items have no price you’d pay to alert at.',
    })
    expect(alertsSetTexts({ created: 1, alreadySet: 0, withoutPrice: 0 })).toEqual({
      title: '1 price alert set',
      description: 'You’ll be notified when a wanted item’s fair price falls to your price.',
    })
    expect(alertsSetTexts({ created: 0, alreadySet: 2, withoutPrice: 1 })).toEqual({
      title: 'No new alerts',
      description: '2 items already have an alert. 1 item has no price you’d pay to alert at.',
    })
    expect(alertOneLabel(falcon.item, '$650.00')).toBe(
      'Alert me when 75192-1 - Millennium Falcon falls to $650.00',
    )
  })
})

import { describe, expect, it } from 'vitest'
import { itemImageSrc, itemImageUrl, placeholderImage, proxiedImageUrl } from './images.ts'

describe('itemImageUrl (spec 01 §3)', () => {
  it('uses the item’s own image when it has one', () => {
    expect(
      itemImageUrl({ type: 'set', number: '75192-1', imageUrl: 'https://cdn.rebrickable.com/a.jpg' }),
    ).toBe('https://cdn.rebrickable.com/a.jpg')
  })

  it('ignores an empty image and the text null', () => {
    for (const imageUrl of ['', '  ', 'null', null, undefined]) {
      expect(itemImageUrl({ type: 'set', number: '10497', imageUrl })).toBe(
        'https://img.bricklink.com/ItemImage/SN/0/10497.png',
      )
    }
  })

  it('derives a minifigure-style image for minifigure numbers: a known prefix, then a digit', () => {
    expect(itemImageUrl({ type: 'minifig', number: 'sw0001a' })).toBe(
      'https://img.bricklink.com/ItemImage/MN/0/sw0001a.png',
    )
    expect(itemImageUrl({ type: 'set', number: 'HP-150' })).toBe(
      'https://img.bricklink.com/ItemImage/MN/0/HP150.png',
    )
    expect(itemImageUrl({ type: 'minifig', number: 'agent1' })).toBe(
      'https://img.bricklink.com/ItemImage/MN/0/agent1.png',
    )
  })

  it('derives a set-style image otherwise, with non-alphanumerics removed', () => {
    // 'swamp' starts with 'sw' but no digit follows.
    expect(itemImageUrl({ type: 'set', number: 'swamp-1' })).toBe(
      'https://img.bricklink.com/ItemImage/SN/0/swamp1.png',
    )
    expect(itemImageUrl({ type: 'set', number: '75192-1' })).toBe(
      'https://img.bricklink.com/ItemImage/SN/0/751921.png',
    )
  })

  it('falls back to the placeholder for the item’s type without a number', () => {
    expect(itemImageUrl({ type: 'set', number: '' })).toBe(placeholderImage('set'))
    expect(itemImageUrl({ type: 'minifig', number: '--' })).toBe(placeholderImage('minifig'))
  })
})

describe('proxiedImageUrl', () => {
  it('sends remote images through the proxy and keeps our own paths', () => {
    expect(proxiedImageUrl('https://cdn.rebrickable.com/media/sets/75192-1.jpg?x=1&y=2')).toBe(
      '/api/proxy-image?url=https%3A%2F%2Fcdn.rebrickable.com%2Fmedia%2Fsets%2F75192-1.jpg%3Fx%3D1%26y%3D2',
    )
    expect(itemImageSrc({ type: 'minifig', number: '' })).toBe('/images/placeholder-minifig.svg')
  })
})

/**
 * Which picture to show for an item (spec 01 §3), shared by every screen. Remote pictures go through
 * our image proxy (DESIGN §6), so the page itself only loads images from its own origin.
 */
import type { ItemType } from './contract/values.ts'

/** Numbers that start with one of these and then a digit are minifigures (BrickLink style). */
export const MINIFIG_NUMBER_PREFIXES = [
  'sw',
  'gen',
  'col',
  'cas',
  '4j',
  'hp',
  'lor',
  'poc',
  'sp',
  'bat',
  'njo',
  'rck',
  'alp',
  'cty',
  'hol',
  'idea',
  'cmf',
  'tlm',
  'sh',
  'fab',
  'mar',
  'elf',
  'gb',
  'dim',
  'adv',
  'ext',
  'agent',
  'ac',
  'atl',
  'pha',
  'ufo',
  'aqua',
  'dp',
] as const

const minifigNumber = new RegExp(`^(${MINIFIG_NUMBER_PREFIXES.join('|')})\\d`, 'i')

export const PLACEHOLDER_IMAGES = {
  set: '/images/placeholder-set.svg',
  minifig: '/images/placeholder-minifig.svg',
} as const

export interface ImageSubject {
  type: ItemType
  number?: string | null
  imageUrl?: string | null
}

export function placeholderImage(type: ImageSubject['type']): string {
  return PLACEHOLDER_IMAGES[type]
}

/**
 * The item's own image when it has one (not empty, not the text 'null'); else a catalogue image
 * derived from its number — minifigure-style for minifigure numbers, set-style otherwise; else the
 * placeholder for its type.
 */
export function itemImageUrl(item: ImageSubject): string {
  const own = item.imageUrl?.trim()
  if (own && own !== 'null') return own
  const number = (item.number ?? '').replace(/[^a-z0-9]/gi, '')
  if (!number) return placeholderImage(item.type)
  return minifigNumber.test(number)
    ? `https://img.bricklink.com/ItemImage/MN/0/${number}.png`
    : `https://img.bricklink.com/ItemImage/SN/0/${number}.png`
}

/** Remote images through /api/proxy-image; our own paths as they are. */
export function proxiedImageUrl(url: string): string {
  if (url.startsWith('/')) return url
  return `/api/proxy-image?url=${encodeURIComponent(url)}`
}

/** What an <img> for the item should load. */
export function itemImageSrc(item: ImageSubject): string {
  return proxiedImageUrl(itemImageUrl(item))
}

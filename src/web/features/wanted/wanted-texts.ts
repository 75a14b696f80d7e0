/** What the wanted-list screen says, in one place (its toasts, empty state and labels). */
import type { WantedItem } from '#shared/contract/imports.ts'
import { formatCount } from '#web/lib/format.ts'
import { GRADE_LABELS, itemTypeLabel } from '#web/lib/labels.ts'

export const WANTED_TEXTS = {
  title: 'Wanted List',
  intro: 'The sets and minifigures you are looking for: the most you would pay beside today’s fair price.',
  loadFailed: 'Your wanted list could not be loaded just now.',
  emptyTitle: 'Your wanted list is empty',
  emptyText:
    'It fills from a BrickLink wanted list, or from what you want in a Brickset, Rebrickable or BrickEconomy export. Import one to see today’s fair price beside the most you would pay.',
  importLink: 'Import a wanted list',
  removeTitle: 'Remove from wanted list?',
  removed: 'Removed from wanted list',
  removeFailed: 'Failed to remove item',
  noLimit: 'No limit',
  noPrice: 'No price yet',
  withinPrice: 'At or under your price',
  abovePrice: 'Above your price',
} as const

/** Where the empty list sends the user: the import screen, set to fill the wanted list. */
export const IMPORT_WANTED_HREF = '/import-data?target=wanted'

/** 'New', 'Used', or 'Any condition' when either will do. */
export function gradeWantedText(grade: WantedItem['grade']): string {
  return grade ? GRADE_LABELS[grade] : 'Any condition'
}

/** The badge beside the title: '1 item', '1,204 items'. */
export function wantedCountText(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'item' : 'items'}`
}

/** '3 of 1,000 found' once some are found; null before. */
export function foundText({ quantity, quantityFilled }: Pick<WantedItem, 'quantity' | 'quantityFilled'>) {
  if (quantityFilled <= 0) return null
  return `${formatCount(quantityFilled)} of ${formatCount(quantity)} found`
}

/** 'Set · Star Wars · 2017' (the year left out when unknown). */
export function itemFactsText(item: WantedItem['item']): string {
  return [itemTypeLabel(item.type), item.theme, item.year]
    .filter((part) => part !== null && part !== '')
    .join(' · ')
}

/** '75192-1 - Millennium Falcon', as the row's link says it. */
export function itemTitleText(item: Pick<WantedItem['item'], 'number' | 'name'>): string {
  return `${item.number} - ${item.name}`
}

/** The confirmation's sentence: what goes, in which grade and how many. */
export function removeDescription(wanted: WantedItem): string {
  return `${itemTitleText(wanted.item)} (${gradeWantedText(wanted.grade)}, quantity ${formatCount(wanted.quantity)}) will be removed from your wanted list. Importing the list again brings it back.`
}

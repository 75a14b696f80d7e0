/** What the wanted-list screen says, in one place (its toasts, empty state and labels). */
import type { WantedAlertsResult, WantedItem } from '#shared/contract/imports.ts'
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
  /** Ours (ADR 051): price alerts at the most the user would pay. */
  alerts: {
    all: 'Alert me at my prices',
    confirmTitle: 'Set price alerts at your prices?',
    confirmText:
      'Each wanted item with a price you’d pay gets an alert for when its fair price falls to that price, in the condition you want (new when either will do). One already at or under its price notifies you at once; one you already have a “below” alert on keeps it. Pause or delete them on your watchlist.',
    confirm: 'Set alerts',
    pending: 'Setting alerts...',
    one: 'Alert me',
    set: 'Alert set',
    failure: 'Failed to set price alerts',
    none: 'No new alerts',
  },
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

const counted = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`

/** The toast after alerts were set at the list's prices: how many, and why the rest were not. */
export function alertsSetTexts({ created, alreadySet, withoutPrice }: WantedAlertsResult): {
  title: string
  description: string
} {
  const title =
    created > 0 ? `${counted(created, 'price alert', 'price alerts')} set` : WANTED_TEXTS.alerts.none
  const parts = [
    created > 0 ? 'You’ll be notified when a wanted item’s fair price falls to your price.' : null,
    alreadySet > 0 ? `${counted(alreadySet, 'item already has', 'items already have')} an alert.` : null,
    withoutPrice > 0
      ? `${counted(withoutPrice, 'item has', 'items have')} no price you’d pay to alert at.`
      : null,
  ]
  return { title, description: parts.filter((part) => part !== null).join(' ') }
}

/** The row's button, for a screen reader: 'Alert me when 75192-1 - Millennium Falcon falls to $650.00'. */
export function alertOneLabel(item: Pick<WantedItem['item'], 'number' | 'name'>, price: string): string {
  return `Alert me when ${itemTitleText(item)} falls to ${price}`
}

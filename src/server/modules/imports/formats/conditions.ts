import type { Grade, ItemType } from '#shared/contract/values.ts'
import type { HoldingRow } from '../import-rows.ts'

/**
 * Our condition labels (db/seed/conditions.ts) as the formats name them. A set's labels say more than
 * the grade (sealed, open box, complete); a minifigure has only New and Used.
 */
export const SET_LABEL = {
  sealed: 'New/Sealed',
  openBox: 'New/Open box',
  usedComplete: 'Used/Complete',
  usedIncomplete: 'Used/Incomplete',
} as const

export const MINIFIG_LABEL: Record<Grade, string> = { new: 'New', used: 'Used' }

export type HoldingCondition = NonNullable<HoldingRow['condition']>

export const condition = (grade: Grade, label: string | null, sourceWord: string): HoldingCondition => ({
  grade,
  label,
  sourceWord,
})

/**
 * The label a holding's condition takes once its item's type is known: a file that does not say whether
 * a number is a set or a minifigure gives set labels, and a minifigure keeps only the grade's label.
 * (For the import service, after matching.)
 */
export function labelForType(held: HoldingCondition, type: ItemType): string | null {
  if (type === 'minifig') return MINIFIG_LABEL[held.grade]
  return held.label === MINIFIG_LABEL.new || held.label === MINIFIG_LABEL.used ? null : held.label
}

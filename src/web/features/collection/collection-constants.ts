/**
 * The collection feature's words and limits (spec 01 §2, §5, §8, §9), apart from the form rules so a
 * screen can show them without loading the validation code.
 */

export const QUANTITY_MIN = 1
export const PRICE_STEP = '0.01'
export const YEAR_MIN = 1950
export const PIECES_MIN = 1
export const MINIFIGURES_MIN = 0
export const COST_HINT = 'What you paid for this item (optional, for P&L tracking)'
/** The add dialog's search (spec 01 §5, §9): from 1 character, 300 ms after the last keystroke. */
export const ADD_SEARCH_MIN_LENGTH = 1
export const ADD_SEARCH_DEBOUNCE_MS = 300

/** Toasts (spec 01 §8). Variant A's texts end without a full stop, variant B's with one. */
export const TOASTS = {
  addedA: { title: 'Success', description: 'Item added to collection successfully' },
  addFailedA: { title: 'Error', description: 'Failed to add item to collection' },
  addedB: { title: 'Success', description: 'Item added to collection successfully.' },
  addFailedB: { title: 'Error', description: 'Failed to add item to collection.' },
  created: { title: 'Success', description: 'Item created and added to your collection!' },
  createFailed: 'Failed to create item',
  removed: { title: 'Success', description: 'Item removed from collection.' },
  removeFailed: { title: 'Error', description: 'Failed to remove item from collection' },
  updated: { title: 'Success', description: 'Collection item updated.' },
  updateFailed: { title: 'Error', description: 'Failed to update collection item' },
} as const

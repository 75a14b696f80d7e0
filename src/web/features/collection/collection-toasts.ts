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
  estimateFailed: { title: 'Error', description: 'Failed to save how your collection is valued' },
} as const

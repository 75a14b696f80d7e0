/**
 * Who may do what (DESIGN §4), shared so the server enforces exactly what the UI offers. Anyone with
 * access may browse, add items, record sales, create alerts and posts.
 */
export interface Actor {
  id: string
  role: 'user' | 'admin'
  isTrusted: boolean
}

/** Admins and trusted users. */
function isModerator(actor: Actor | null | undefined): boolean {
  return Boolean(actor && (actor.role === 'admin' || actor.isTrusted))
}

/** An item's creator, trusted users and admins may edit it. */
export function canEditItem(actor: Actor | null | undefined, item: { createdBy: string | null }): boolean {
  if (!actor) return false
  return isModerator(actor) || (item.createdBy !== null && item.createdBy === actor.id)
}

/** Deleting items or sales, verifying sales and importing data: admins and trusted users. */
export const canDeleteItem = isModerator
export const canDeleteSale = isModerator
export const canVerifySale = isModerator
export const canImportData = isModerator
/** Pending sales (and who submitted each): their submitter's own, and everyone's for moderators. */
export const canSeeAllPendingSales = isModerator

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
/** Rejecting a sale (with a reason its submitter sees), and reviewing the queue of pending sales. */
export const canModerateSales = isModerator
/** Reviewing the requests to add items to the catalogue. */
export const canReviewItemRequests = isModerator
/** Hiding and restoring community posts, and reviewing the reported ones. */
export const canModeratePosts = isModerator
/** A comment: its author may delete it, and so may moderators. */
export function canDeleteComment(actor: Actor | null | undefined, comment: { userId: string }): boolean {
  return Boolean(actor && (actor.id === comment.userId || isModerator(actor)))
}
/** Granting and removing "trusted": admins only. */
export function canManageMembers(actor: Actor | null | undefined): boolean {
  return actor?.role === 'admin'
}
/** Who sees the moderation screen: whoever may do something there. */
export const canOpenModeration = isModerator
export const canImportData = isModerator
/**
 * Pending and rejected sales (and who submitted each): their submitter's own, and everyone's for
 * moderators.
 */
export const canSeeAllPendingSales = isModerator

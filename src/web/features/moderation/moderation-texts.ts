/** What the moderation screen says, in one place (its toasts, empty states and labels). */
import type { Person } from '#shared/contract/moderation.ts'

export const MODERATION_TEXTS = {
  title: 'Moderation',
  intro:
    'Verify the prices members record, add the items they ask for, review reported posts, and choose whom to trust.',
  forbiddenTitle: 'Moderators only',
  forbiddenText:
    'This screen is for trusted members and admins. Ask an admin to trust you if you would like to help verify prices.',
  verified: { title: 'Sale verified', failure: 'Failed to verify sale' },
  rejected: {
    title: 'Sale rejected',
    description: 'The member who recorded it sees your reason.',
    failure: 'Failed to reject sale',
  },
  requestApproved: { title: 'Item added', failure: 'Failed to add item' },
  requestRejected: { title: 'Request rejected', failure: 'Failed to reject request' },
  trustFailure: 'Failed to change trust',
  postHidden: {
    title: 'Post hidden',
    description: 'Only its author sees it now.',
    failure: 'Failed to hide post',
  },
  postRestored: {
    title: 'Post restored',
    description: 'Everyone sees it again.',
    failure: 'Failed to restore post',
  },
  reportsDismissed: {
    title: 'Reports dismissed',
    description: 'The post stays in the feed.',
    failure: 'Failed to dismiss reports',
  },
} as const

/** 'Ada Lovelace (ada@example.com)', or what is known of them; a deleted account says so. */
export function personText(person: Person | null): string {
  if (!person) return 'A deleted account'
  if (person.name && person.email) return `${person.name} (${person.email})`
  return person.name ?? person.email ?? 'A member without a name or e-mail'
}

/** The host a link points at, to name it briefly ('www.ebay.co.uk'); the whole address if it has none. */
export function linkHost(url: string): string {
  try {
    return new URL(url).host || url
  } catch {
    return url
  }
}

import type { Database } from '#server/db/client.ts'
import { conflict, forbidden, notFound } from '#server/errors.ts'
import type { Member, Members, MembersQuery } from '#shared/contract/moderation.ts'
import { type Actor, canManageMembers } from '#shared/permissions.ts'
import { findMemberRole, listMembers, setTrusted } from './members.repo.ts'

function mustManage(actor: Actor) {
  if (!canManageMembers(actor)) throw forbidden('Only admins can manage members.')
}

/** The members an admin looks through to grant or remove trust. */
export async function membersList({
  db,
  query,
  actor,
}: {
  db: Database
  query: MembersQuery
  actor: Actor
}): Promise<Members> {
  mustManage(actor)
  return listMembers(db, query.query, query)
}

/**
 * Grants or removes "trusted" (DESIGN §4): a trusted member's sales are verified on entry and they
 * moderate others'. An admin already may do all of that, so their trust is not theirs to change: a
 * 409 says so rather than storing a flag that would mean nothing (and would if they stopped being one).
 */
export async function changeMemberTrust({
  db,
  id,
  isTrusted,
  actor,
}: {
  db: Database
  id: string
  isTrusted: boolean
  actor: Actor
}): Promise<Member> {
  mustManage(actor)
  const role = await findMemberRole(db, id)
  if (!role) throw notFound('Member not found')
  if (role === 'admin') {
    throw conflict('Admins can already do everything a trusted member can, so their trust is not changed.')
  }
  const member = await setTrusted(db, id, isTrusted)
  // Made an admin, or removed, between the two statements.
  if (!member) throw conflict('This member changed meanwhile. Reload the list and try again.')
  return member
}

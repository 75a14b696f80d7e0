import type { Database } from '#server/db/client.ts'
import { notFound } from '#server/errors.ts'
import type { WantedList } from '#shared/contract/imports.ts'
import { deleteOwnWanted, findWantedPage } from './wanted.repo.ts'

/** The user's wanted list, newest first, with today's fair price of each grade wanted. */
export function wantedList({
  db,
  userId,
  limit,
  offset,
}: {
  db: Database
  userId: string
  limit: number
  offset: number
}): Promise<WantedList> {
  return findWantedPage(db, userId, { limit, offset })
}

/** Removes one of the user's wanted items; another user's is as good as missing. */
export async function removeWanted({ db, userId, id }: { db: Database; userId: string; id: number }) {
  if (!(await deleteOwnWanted(db, userId, id))) throw notFound('Wanted item not found')
}

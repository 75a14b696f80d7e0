import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'

/** A secret shared by every instance: made (as `make()` says) by the first to ask, read by the others. */
export async function sharedSecret(db: Database, name: string, make: () => string): Promise<string> {
  const statement = () =>
    queryRows<{ value: string }>(
      db,
      sql`with made as (insert into server_secrets (name, value) values (${name}, ${make()})
          on conflict (name) do nothing returning value)
        select value from made union all select value from server_secrets where name = ${name}`,
    )
  // Two instances starting together: the second's insert waits for the first's and does nothing, and its
  // statement's snapshot is older than the first's row, which a second statement sees.
  const [row] = await statement()
  if (row) return row.value
  const [again] = await statement()
  if (!again) throw new Error(`the ${name} secret could be neither made nor read`)
  return again.value
}

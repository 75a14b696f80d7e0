import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import { isoTimestamp } from '#server/db/json-text.ts'
import type { ItemRequest } from '#shared/contract/moderation.ts'
import type { ItemRequestStatus, ItemType } from '#shared/contract/values.ts'

/** A person as the moderation lists name them: the `users` row aliased `alias`, or null. */
const person = (alias: string) => {
  const u = sql.raw(alias)
  return sql`case when ${u}.id is null then null else json_build_object('id', ${u}.id, 'email', ${u}.email,
    'name', nullif(concat_ws(' ', ${u}.first_name, ${u}.last_name), '')) end`
}

const requestColumns = sql`r.id, r.type, r.code, nullif(r.name, '') as name, r.theme, r.year,
  r.image_url as "imageUrl", r.origin, r.status, ${person('submitter')} as submitter,
  ${isoTimestamp(sql`r.created_at`)} as "createdAt",
  ${person('reviewer')} as reviewer,
  ${isoTimestamp(sql`r.reviewed_at`)} as "reviewedAt", r.notes,
  case when i.id is null then null else json_build_object('id', i.id, 'type', i.type, 'number', i.number,
    'name', i.name, 'slug', i.slug, 'imageUrl', i.image_url) end as item`

const requestJoins = sql`left join users submitter on submitter.id = r.submitted_by
  left join users reviewer on reviewer.id = r.reviewed_by
  left join items i on i.id = r.item_id`

export interface NewItemRequest {
  type: ItemType
  code: string
  name: string | null
  theme: string | null
  year: number | null
}

/**
 * Adds the requests in one statement; a number already waiting (its type and number, without case) is
 * left as it is (the unique pending index). Answers how many rows were added.
 */
export async function insertItemRequests(
  db: Database,
  requests: NewItemRequest[],
  submitterId: string,
  origin: string,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    // The name column has no null: an unnamed request's name is empty (answered as null).
    sql`insert into item_requests (type, code, name, theme, year, submitted_by, origin)
      select u.type, u.code, coalesce(u.name, ''), u.theme, u.year, ${submitterId}, ${origin}
      from unnest(${sql.param(requests.map((r) => r.type))}::text[], ${sql.param(requests.map((r) => r.code))}::text[],
        ${sql.param(requests.map((r) => r.name))}::text[], ${sql.param(requests.map((r) => r.theme))}::text[],
        ${sql.param(requests.map((r) => r.year))}::int[]) as u(type, code, name, theme, year)
      on conflict (type, lower(code)) where status = 'pending' do nothing
      returning id`,
  )
  return rows.length
}

export async function listItemRequests(
  db: Database,
  status: ItemRequestStatus,
  page: { limit: number; offset: number },
): Promise<{ requests: ItemRequest[]; total: number }> {
  // Waiting ones in the order they came; decided ones the latest decision first.
  const order = status === 'pending' ? sql`r.created_at, r.id` : sql`r.reviewed_at desc nulls last, r.id desc`
  const [requests, counted] = await Promise.all([
    queryRows<ItemRequest>(
      db,
      sql`select ${requestColumns} from item_requests r ${requestJoins}
        where r.status = ${status} order by ${order} limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from item_requests where status = ${status}`,
    ),
  ])
  return { requests, total: counted[0]?.total ?? 0 }
}

export async function findItemRequest(db: Database, id: number): Promise<ItemRequest | undefined> {
  const rows = await queryRows<ItemRequest>(
    db,
    sql`select ${requestColumns} from item_requests r ${requestJoins} where r.id = ${id}`,
  )
  return rows[0]
}

/** Locks the request for the rest of the transaction, so two moderators cannot decide it twice. */
export async function lockItemRequest(
  db: Database,
  id: number,
): Promise<{ status: ItemRequestStatus } | undefined> {
  const rows = await queryRows<{ status: ItemRequestStatus }>(
    db,
    sql`select status from item_requests where id = ${id} for update`,
  )
  return rows[0]
}

/** Records the decision: who, when, and the item added or the reason given. */
export async function decideItemRequest(
  db: Database,
  id: number,
  decision:
    | { status: 'approved'; reviewerId: string; itemId: number }
    | { status: 'rejected'; reviewerId: string; reason: string },
) {
  const itemId = decision.status === 'approved' ? decision.itemId : null
  const notes = decision.status === 'rejected' ? decision.reason : null
  await db.execute(
    sql`update item_requests set status = ${decision.status}, reviewed_by = ${decision.reviewerId},
      reviewed_at = now(), item_id = ${itemId}, notes = ${notes}
      where id = ${id}`,
  )
}

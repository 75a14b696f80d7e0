import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '#server/db/client.ts'
import type { Condition, Theme } from '#shared/contract/catalogue.ts'

export function listThemes(db: Database): Promise<Theme[]> {
  return queryRows<Theme>(
    db,
    sql`select id, name, parent_id as "parentId", root_name as category from themes order by root_name, name, id`,
  )
}

export function listConditions(db: Database, category?: Condition['category']): Promise<Condition[]> {
  return queryRows<Condition>(
    db,
    sql`select id, category, label, description, score, grade from conditions
      ${category ? sql`where category = ${category}` : sql``}
      order by category, score desc, id`,
  )
}

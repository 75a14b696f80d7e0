import { type SQL, sql } from 'drizzle-orm'

const identifier = /^[a-z_][a-z0-9_]*$/

/**
 * Rows sent as one array per column, as a FROM item `alias(column, …[, ordinality])`: for the statements run
 * again and again with a batch of any length (a round of sales, a recompute's items and grades).
 *
 * The arrays reach `unnest` through a subquery the planner does not look into (`offset 0`), so it expects the
 * same number of rows (ten) in the plan it keeps as in a plan made for the values at hand. Handed the arrays
 * themselves, it counts their elements: a plan made for a batch of one always looked cheaper than the kept
 * plan, and such a statement was planned afresh at every run — two thirds of what recording a sale cost the
 * database (ADR 032). `columns` maps each column's name to its array, typed (`${ids}::int[]`).
 */
export function unnestRows(alias: string, columns: Record<string, SQL>, ordinality?: string): SQL {
  const names = [...Object.keys(columns), ...(ordinality ? [ordinality] : [])]
  for (const name of [alias, ...names]) {
    // Written into the statement: our own column names, never anything else.
    if (!identifier.test(name)) throw new Error(`not an identifier: ${name}`)
  }
  const arrays = Object.keys(columns).map((_, index) => `a${index + 1}`)
  return sql`(select u.* from (select ${sql.join(Object.values(columns), sql`, `)} offset 0) as arrays(${sql.raw(arrays.join(', '))}),
      unnest(${sql.raw(arrays.map((array) => `arrays.${array}`).join(', '))})${sql.raw(ordinality ? ' with ordinality' : '')} as u)
    as ${sql.raw(`${alias}(${names.join(', ')})`)}`
}

/** Items and condition grades as a table `p(item_id, grade)` (a recompute's pairs, the locks it takes). */
export const itemGradeRows = (pairs: readonly { itemId: number; grade: 'new' | 'used' }[]): SQL =>
  unnestRows('p', {
    item_id: sql`${sql.param(pairs.map((pair) => pair.itemId))}::int[]`,
    grade: sql`${sql.param(pairs.map((pair) => pair.grade))}::text[]`,
  })

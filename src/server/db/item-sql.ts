import { type SQL, sql } from 'drizzle-orm'

/**
 * SQL fragments of an item's answer that the catalogue's and the collections' queries both build, so
 * the JSON shapes the contract declares are written once.
 */

/** `themeData` of the item whose theme is `t` and whose top-level theme is `r` (see themeJoins). */
export const themeDataJson = sql`case when t.id is null then null else json_build_object(
    'name', t.name, 'category', t.root_name, 'era', coalesce(t.era, r.era),
    'complexity', coalesce(t.complexity, r.complexity), 'colorScheme', coalesce(t.color_scheme, r.color_scheme)
  ) end`

/** Joins `t` (the item's theme) and `r` (its top-level theme) for `themeDataJson`. */
export const themeJoinsOn = (themeId: SQL) =>
  sql`left join themes t on t.id = ${themeId} left join themes r on r.id = t.path[1]`

/** `retailPrices` of the item with id `itemId`: its regional retail prices, by region. */
export const retailPricesJson = (itemId: SQL) => sql`coalesce((select json_agg(json_build_object(
    'region', rp.region, 'amount', rp.amount::text, 'currency', rp.currency,
    'firstAvailable', rp.first_available::text, 'lastAvailable', rp.last_available::text) order by rp.region)
  from retail_prices rp where rp.item_id = ${itemId}), '[]'::json)`

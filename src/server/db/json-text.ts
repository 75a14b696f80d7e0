import { type SQL, sql } from 'drizzle-orm'

/**
 * JSON text written by PostgreSQL for the hot answers (a collection page, the Sales History, the feed), by
 * concatenation rather than `json_build_object`: that function looks up the type of each of its arguments on
 * every call, which was two thirds of the cost of a 50-entry collection page (ADR 024). Each value below is an
 * SQL expression that yields its JSON text, never null, and a field's value is one of them.
 */

/** A number or a boolean (never null): its text is its JSON. */
export const jsonLiteral = (value: SQL) => sql`(${value})::text`

/**
 * A string whose characters never need escaping, or null: numbers written as text (`numeric`, to keep every
 * digit), dates, times and ids.
 */
export const jsonPlainString = (value: SQL) => sql`coalesce('"' || (${value}) || '"', 'null')`

/** Any text, or null: escaped as JSON escapes it. */
export const jsonString = (value: SQL) => sql`coalesce(to_json((${value})::text)::text, 'null')`

/** A timestamp as the API writes it: ISO 8601 in UTC with milliseconds ('2026-11-27T09:40:21.152Z'), as text. */
export const isoTimestamp = (value: SQL) =>
  sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** A timestamp as the API writes it (`isoTimestamp`), or null. */
export const jsonTimestamp = (value: SQL) => jsonPlainString(isoTimestamp(value))

/** An object of these fields, in order; each value is one of the above (or another `jsonObject`). */
export const jsonObject = (fields: Record<string, SQL>): SQL =>
  sql`(${sql.join(fieldParts(fields, '{'), sql` || `)} || '}')`

/**
 * The object `head` — the text of an object's first fields, not yet closed (as `sales.page_json` keeps it) — with
 * these fields after them.
 */
export const jsonObjectAfter = (head: SQL, fields: Record<string, SQL>): SQL =>
  sql`(${head} || ${sql.join(fieldParts(fields, ','), sql` || `)} || '}')`

function fieldParts(fields: Record<string, SQL>, opening: '{' | ','): SQL[] {
  return Object.entries(fields).map(([name, value], index) => {
    // The name is written into the statement: a field name of the contract, never anything else.
    if (!/^[A-Za-z]\w*$/.test(name)) throw new Error(`not a field name: ${name}`)
    return sql`${sql.raw(`'${index === 0 ? opening : ','}"${name}":'`)} || ${value}`
  })
}

/** Inside a `select … from`: the JSON array of `element` (each a JSON text) over the rows, in `order`; `[]` for none. */
export const jsonArrayAgg = (element: SQL, order: SQL) =>
  sql`('[' || coalesce(string_agg(${element}, ',' order by ${order}), '') || ']')`

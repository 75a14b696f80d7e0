CREATE TABLE "collection_user_totals" (
	"user_id" uuid NOT NULL,
	"priced" boolean NOT NULL,
	"entries" integer NOT NULL,
	"items" bigint NOT NULL,
	"set_items" bigint NOT NULL,
	"minifig_items" bigint NOT NULL,
	"value" numeric NOT NULL,
	"cost" numeric NOT NULL,
	"unknown_cost_entries" integer NOT NULL,
	"unknown_cost_value" numeric NOT NULL,
	CONSTRAINT "collection_user_totals_user_id_priced_pk" PRIMARY KEY("user_id","priced")
);
--> statement-breakpoint
CREATE INDEX "collection_totals_top_themes_idx" ON "collection_totals" USING btree ("user_id","value" DESC NULLS LAST,"theme");
--> statement-breakpoint
-- ADR 023: the summary of a collection read from one row per user and pricedness instead of one per theme, and
-- its most valuable themes from the top of an index; the trigger's one statement keeps both.
CREATE OR REPLACE FUNCTION collection_totals_apply(removed collections[], added collections[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  emptied uuid[];
  new_day uuid[];
BEGIN
  WITH e AS (
      SELECT -1 AS sign, r.* FROM unnest(removed) r UNION ALL SELECT 1, a.* FROM unnest(added) a),
    -- What the statement moved, per user, theme and pricedness; a pair that changes nothing counted is left out.
    g AS (
      SELECT * FROM (
        SELECT e.user_id, e.item_theme AS theme, e.fair_price_gbp IS NOT NULL AS priced, sum(e.sign) AS entries,
            sum(e.sign * e.quantity) AS items,
            sum(CASE WHEN e.item_type = 'set' THEN e.sign * e.quantity ELSE 0 END) AS set_items,
            sum(CASE WHEN e.item_type = 'minifig' THEN e.sign * e.quantity ELSE 0 END) AS minifig_items,
            coalesce(sum(e.sign * e.fair_price_gbp * e.quantity), 0) AS value,
            coalesce(sum(e.sign * e.price_paid * e.quantity), 0) AS cost,
            sum(CASE WHEN e.price_paid IS NULL THEN e.sign ELSE 0 END) AS unknown_cost_entries,
            coalesce(sum(e.sign * e.fair_price_gbp * e.quantity) FILTER (WHERE e.price_paid IS NULL), 0)
              AS unknown_cost_value
        FROM e GROUP BY 1, 2, 3) moved
      WHERE (moved.entries, moved.items, moved.set_items, moved.minifig_items, moved.value, moved.cost,
        moved.unknown_cost_entries, moved.unknown_cost_value) <> (0, 0, 0, 0, 0, 0, 0, 0)),
    counted AS (
      INSERT INTO collection_totals AS t (user_id, theme, priced, entries, items, set_items, minifig_items, value,
          cost, unknown_cost_entries, unknown_cost_value)
        SELECT * FROM g ORDER BY 1, 2, 3
      ON CONFLICT (user_id, theme, priced) DO UPDATE SET entries = t.entries + excluded.entries,
        items = t.items + excluded.items, set_items = t.set_items + excluded.set_items,
        minifig_items = t.minifig_items + excluded.minifig_items, value = t.value + excluded.value,
        cost = t.cost + excluded.cost, unknown_cost_entries = t.unknown_cost_entries + excluded.unknown_cost_entries,
        unknown_cost_value = t.unknown_cost_value + excluded.unknown_cost_value
      RETURNING t.user_id, t.entries),
    -- The same over every theme (an entry moving between themes moves nothing here).
    counted_by_user AS (
      INSERT INTO collection_user_totals AS u (user_id, priced, entries, items, set_items, minifig_items, value, cost,
          unknown_cost_entries, unknown_cost_value)
        SELECT * FROM (
          SELECT g.user_id, g.priced, sum(g.entries)::int AS entries, sum(g.items) AS items,
            sum(g.set_items) AS set_items, sum(g.minifig_items) AS minifig_items, sum(g.value) AS value,
            sum(g.cost) AS cost, sum(g.unknown_cost_entries)::int AS unknown_cost_entries,
            sum(g.unknown_cost_value) AS unknown_cost_value
          FROM g GROUP BY 1, 2) summed
        WHERE (summed.entries, summed.items, summed.set_items, summed.minifig_items, summed.value, summed.cost,
          summed.unknown_cost_entries, summed.unknown_cost_value) <> (0, 0, 0, 0, 0, 0, 0, 0)
        ORDER BY 1, 2
      ON CONFLICT (user_id, priced) DO UPDATE SET entries = u.entries + excluded.entries,
        items = u.items + excluded.items, set_items = u.set_items + excluded.set_items,
        minifig_items = u.minifig_items + excluded.minifig_items, value = u.value + excluded.value,
        cost = u.cost + excluded.cost, unknown_cost_entries = u.unknown_cost_entries + excluded.unknown_cost_entries,
        unknown_cost_value = u.unknown_cost_value + excluded.unknown_cost_value
      RETURNING u.user_id, u.entries),
    -- An entry's change counts only on the day its price was recomputed (as `valuedEntries` reads it): days
    -- before today are never read again, so they are neither written nor kept.
    changed AS (
      INSERT INTO collection_daily_changes AS d (user_id, day, change)
        SELECT e.user_id, today, sum(e.sign * (e.fair_price_gbp - e.previous_fair_price_gbp) * e.quantity)
        FROM e
        WHERE (e.price_updated_at AT TIME ZONE 'UTC')::date >= today AND e.fair_price_gbp IS NOT NULL
          AND e.previous_fair_price_gbp IS NOT NULL
        GROUP BY 1
        ORDER BY 1
      ON CONFLICT (user_id, day) DO UPDATE SET change = d.change + excluded.change
      -- A row inserted rather than updated (no transaction id in xmax yet) is the user's first of the day.
      RETURNING d.user_id, d.xmax = 0 AS fresh)
  SELECT (SELECT array_agg(DISTINCT x.user_id) FROM (SELECT * FROM counted UNION ALL SELECT * FROM counted_by_user) x
      WHERE x.entries = 0),
    (SELECT array_agg(user_id) FROM changed WHERE fresh)
    INTO emptied, new_day;
  -- A theme, or a whole collection, left with no entries has no row.
  IF emptied IS NOT NULL THEN
    DELETE FROM collection_totals t WHERE t.user_id = ANY (emptied) AND t.entries = 0;
    DELETE FROM collection_user_totals u WHERE u.user_id = ANY (emptied) AND u.entries = 0;
  END IF;
  IF new_day IS NOT NULL THEN
    DELETE FROM collection_daily_changes d WHERE d.user_id = ANY (new_day) AND d.day < today;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collection_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE collection_totals, collection_user_totals, collection_daily_changes;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The collections already there.
INSERT INTO collection_user_totals (user_id, priced, entries, items, set_items, minifig_items, value, cost,
    unknown_cost_entries, unknown_cost_value)
  SELECT user_id, priced, sum(entries), sum(items), sum(set_items), sum(minifig_items), sum(value), sum(cost),
    sum(unknown_cost_entries), sum(unknown_cost_value)
  FROM collection_totals GROUP BY 1, 2;

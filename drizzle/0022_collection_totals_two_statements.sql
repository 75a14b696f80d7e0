-- ADR 023, measured: the totals kept by migration 0020 cost a one-entry write four statements in its trigger
-- (the totals, the themes left empty, the day's change, the days gone by), more than the write itself. Here the
-- totals and the day's change are one statement; the themes left empty and the days gone by are cleared only
-- when the statement says there are some: a theme's last entry removed, the first change of a user's day.
CREATE OR REPLACE FUNCTION collection_totals_apply(removed collections[], added collections[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  emptied uuid[];
  new_day uuid[];
BEGIN
  WITH e AS (
      SELECT -1 AS sign, r.* FROM unnest(removed) r UNION ALL SELECT 1, a.* FROM unnest(added) a),
    counted AS (
      INSERT INTO collection_totals AS t (user_id, theme, priced, entries, items, set_items, minifig_items, value,
          cost, unknown_cost_entries, unknown_cost_value)
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
          FROM e GROUP BY 1, 2, 3) g
        WHERE (g.entries, g.items, g.set_items, g.minifig_items, g.value, g.cost, g.unknown_cost_entries,
          g.unknown_cost_value) <> (0, 0, 0, 0, 0, 0, 0, 0)
        ORDER BY 1, 2, 3
      ON CONFLICT (user_id, theme, priced) DO UPDATE SET entries = t.entries + excluded.entries,
        items = t.items + excluded.items, set_items = t.set_items + excluded.set_items,
        minifig_items = t.minifig_items + excluded.minifig_items, value = t.value + excluded.value,
        cost = t.cost + excluded.cost, unknown_cost_entries = t.unknown_cost_entries + excluded.unknown_cost_entries,
        unknown_cost_value = t.unknown_cost_value + excluded.unknown_cost_value
      RETURNING t.user_id, t.entries),
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
  SELECT (SELECT array_agg(DISTINCT user_id) FROM counted WHERE entries = 0),
    (SELECT array_agg(user_id) FROM changed WHERE fresh)
    INTO emptied, new_day;
  -- A theme left with no entries has no row.
  IF emptied IS NOT NULL THEN
    DELETE FROM collection_totals t WHERE t.user_id = ANY (emptied) AND t.entries = 0;
  END IF;
  IF new_day IS NOT NULL THEN
    DELETE FROM collection_daily_changes d WHERE d.user_id = ANY (new_day) AND d.day < today;
  END IF;
END $$;

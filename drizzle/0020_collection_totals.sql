CREATE TABLE "collection_daily_changes" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"change" numeric NOT NULL,
	CONSTRAINT "collection_daily_changes_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "collection_totals" (
	"user_id" uuid NOT NULL,
	"theme" text NOT NULL,
	"priced" boolean NOT NULL,
	"entries" integer NOT NULL,
	"items" bigint NOT NULL,
	"set_items" bigint NOT NULL,
	"minifig_items" bigint NOT NULL,
	"value" numeric NOT NULL,
	"cost" numeric NOT NULL,
	"unknown_cost_entries" integer NOT NULL,
	"unknown_cost_value" numeric NOT NULL,
	CONSTRAINT "collection_totals_user_id_theme_priced_pk" PRIMARY KEY("user_id","theme","priced")
);
--> statement-breakpoint
DROP INDEX "collections_user_idx";--> statement-breakpoint
CREATE INDEX "collections_unpriced_idx" ON "collections" USING btree ("user_id") WHERE "collections"."fair_price_gbp" is null;--> statement-breakpoint
CREATE INDEX "collections_user_idx" ON "collections" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- ADR 023: each user's collection summed by theme and by whether its entries have a fair price, and its 24-hour
-- change on the day of its prices' recompute, kept by the database in the writer's own transaction — whatever
-- writes the entries or the prices copied onto them (migration 0019). The rows an entry leaves are taken away
-- and the rows it arrives at are added, grouped, in key order (two writers of the same totals wait for each
-- other rather than deadlock within a statement). A pair that changes nothing counted writes nothing.
CREATE FUNCTION collection_totals_apply(removed collections[], added collections[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
BEGIN
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
      FROM (SELECT -1 AS sign, r.* FROM unnest(removed) r UNION ALL SELECT 1, a.* FROM unnest(added) a) e
      GROUP BY 1, 2, 3) g
    WHERE (g.entries, g.items, g.set_items, g.minifig_items, g.value, g.cost, g.unknown_cost_entries,
      g.unknown_cost_value) <> (0, 0, 0, 0, 0, 0, 0, 0)
    ORDER BY 1, 2, 3
  ON CONFLICT (user_id, theme, priced) DO UPDATE SET entries = t.entries + excluded.entries,
    items = t.items + excluded.items, set_items = t.set_items + excluded.set_items,
    minifig_items = t.minifig_items + excluded.minifig_items, value = t.value + excluded.value,
    cost = t.cost + excluded.cost, unknown_cost_entries = t.unknown_cost_entries + excluded.unknown_cost_entries,
    unknown_cost_value = t.unknown_cost_value + excluded.unknown_cost_value;
  -- A theme left with no entries has no row.
  DELETE FROM collection_totals t
    USING (SELECT DISTINCT r.user_id, r.item_theme, r.fair_price_gbp IS NOT NULL AS priced FROM unnest(removed) r) k
    WHERE t.user_id = k.user_id AND t.theme = k.item_theme AND t.priced = k.priced AND t.entries = 0;
  -- An entry's change counts only on the day its price was recomputed (as `valuedEntries` reads it): days
  -- before today are never read again, so they are neither written nor kept.
  INSERT INTO collection_daily_changes AS d (user_id, day, change)
    SELECT e.user_id, e.day, sum(e.sign * (e.fair_price_gbp - e.previous_fair_price_gbp) * e.quantity)
    FROM (SELECT -1 AS sign, r.*, (r.price_updated_at AT TIME ZONE 'UTC')::date AS day FROM unnest(removed) r
      UNION ALL SELECT 1, a.*, (a.price_updated_at AT TIME ZONE 'UTC')::date FROM unnest(added) a) e
    WHERE e.day >= today AND e.fair_price_gbp IS NOT NULL AND e.previous_fair_price_gbp IS NOT NULL
    GROUP BY 1, 2
    ORDER BY 1, 2
  ON CONFLICT (user_id, day) DO UPDATE SET change = d.change + excluded.change;
  IF FOUND THEN
    DELETE FROM collection_daily_changes d USING (SELECT DISTINCT a.user_id FROM unnest(added) a) k
      WHERE d.user_id = k.user_id AND d.day < today;
  END IF;
END $$;
--> statement-breakpoint
-- Statement triggers with transition tables: a recompute that reprices thousands of holders' entries, or an
-- import of thousands of entries, is one grouped write per statement. (A trigger with transition tables has
-- one event, hence three.)
CREATE FUNCTION collection_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM collection_totals_apply('{}', array(SELECT n::collections FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM collection_totals_apply(array(SELECT o::collections FROM old_rows o), '{}');
  ELSE
    PERFORM collection_totals_apply(array(SELECT o::collections FROM old_rows o), array(SELECT n::collections FROM new_rows n));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_totals_follow_inserts AFTER INSERT ON collections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collection_totals_follow();
--> statement-breakpoint
CREATE TRIGGER collection_totals_follow_updates AFTER UPDATE ON collections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collection_totals_follow();
--> statement-breakpoint
CREATE TRIGGER collection_totals_follow_deletes AFTER DELETE ON collections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collection_totals_follow();
--> statement-breakpoint
CREATE FUNCTION collection_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE collection_totals, collection_daily_changes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_totals_follow_truncate AFTER TRUNCATE ON collections
  FOR EACH STATEMENT EXECUTE FUNCTION collection_totals_truncate();
--> statement-breakpoint
-- The entries already there.
SELECT collection_totals_apply('{}', array(SELECT c FROM collections c));

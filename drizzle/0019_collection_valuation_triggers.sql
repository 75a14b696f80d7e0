-- ADR 021: each collection entry carries the copies its valuation needs (grade, item type and theme, the fair
-- price of its grade), so that valuing a collection reads its own rows instead of joining each entry to its
-- item and price snapshot. The copies are written here, by the database, in the writer's transaction: when an
-- entry is written, when an item's type or theme changes, and when a snapshot is written or removed.
CREATE FUNCTION collections_copy_valuation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.grade INTO NEW.grade FROM conditions c WHERE c.id = NEW.condition_id;
  SELECT i.type, i.theme INTO NEW.item_type, NEW.item_theme FROM items i WHERE i.id = NEW.item_id;
  -- No snapshot: every copied price field is set to null.
  SELECT ps.fair_price_gbp, ps.previous_fair_price_gbp, ps.updated_at, ps.confidence
    INTO NEW.fair_price_gbp, NEW.previous_fair_price_gbp, NEW.price_updated_at, NEW.price_confidence
    FROM price_snapshots ps WHERE ps.item_id = NEW.item_id AND ps.grade = NEW.grade;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER collections_copy_valuation BEFORE INSERT OR UPDATE OF item_id, condition_id ON collections
  FOR EACH ROW EXECUTE FUNCTION collections_copy_valuation();
--> statement-breakpoint
CREATE FUNCTION items_copy_to_collections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collections SET item_type = NEW.type, item_theme = NEW.theme WHERE item_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER items_copy_to_collections AFTER UPDATE OF type, theme ON items
  FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.theme IS DISTINCT FROM NEW.theme)
  EXECUTE FUNCTION items_copy_to_collections();
--> statement-breakpoint
CREATE FUNCTION price_snapshots_copy_to_collections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE collections SET fair_price_gbp = NULL, previous_fair_price_gbp = NULL, price_updated_at = NULL,
        price_confidence = NULL
      WHERE item_id = OLD.item_id AND grade = OLD.grade;
  ELSE
    UPDATE collections SET fair_price_gbp = NEW.fair_price_gbp, previous_fair_price_gbp = NEW.previous_fair_price_gbp,
        price_updated_at = NEW.updated_at, price_confidence = NEW.confidence
      WHERE item_id = NEW.item_id AND grade = NEW.grade;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER price_snapshots_copy_to_collections AFTER INSERT OR UPDATE OR DELETE ON price_snapshots
  FOR EACH ROW EXECUTE FUNCTION price_snapshots_copy_to_collections();
--> statement-breakpoint
-- The entries already there: rewriting the condition fires the copy.
UPDATE collections SET condition_id = condition_id;

-- ADR 046: a recompute writes its snapshots' time at every pass, and the copy to the collections (ADRs 021, 039)
-- rewrote every entry holding the item even when nothing the entry shows had changed: each rewrite a new row with
-- its three texts written again by triggers, its value index updated and its collection's totals followed. In the
-- bench's sale row five recomputes in six left the price as it was. An entry now takes the snapshot only when its
-- price, previous price or confidence differ, or the snapshot's day (UTC) is a later one: the day decides "today's
-- change", so it is kept exact. The entry's `price_updated_at` is then the time its price was last written, on the
-- snapshot's day, no later than the snapshot's own.
CREATE OR REPLACE FUNCTION price_snapshots_copy_to_collections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE collections c SET fair_price_gbp = NULL, previous_fair_price_gbp = NULL, price_updated_at = NULL,
        price_confidence = NULL
      FROM old_rows o WHERE c.item_id = o.item_id AND c.grade = o.grade;
  ELSE
    UPDATE collections c SET fair_price_gbp = n.fair_price_gbp, previous_fair_price_gbp = n.previous_fair_price_gbp,
        price_updated_at = n.updated_at, price_confidence = n.confidence
      FROM new_rows n WHERE c.item_id = n.item_id AND c.grade = n.grade
        AND (c.fair_price_gbp IS DISTINCT FROM n.fair_price_gbp
          OR c.previous_fair_price_gbp IS DISTINCT FROM n.previous_fair_price_gbp
          OR c.price_confidence IS DISTINCT FROM n.confidence
          OR (c.price_updated_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (n.updated_at AT TIME ZONE 'UTC')::date);
  END IF;
  RETURN NULL;
END $$;

-- ADR 031: a collection entry keeps the rest of its page's JSON too, so that a page of 50 entries is spliced from
-- kept text rather than written out value by value (what was left of that writing was 0.4–0.5 ms of PostgreSQL's
-- 0.8 ms for the page). Three pieces, each written by the database when what it shows is:
--   page_json       its own fields (migration 0029) and now its condition: an unclosed object;
--   valuation_json  its valuation at its fair price: the snapshot, cost, value, profit;
--   change_json     the 24-hour change on the day its price was recomputed, closing the object.
-- A page writes, itself, only the change on a later day (none since) and the valuation at a retail estimate, with
-- the two functions below: the one way an entry's valuation and change are written as JSON.
ALTER TABLE "collections" ADD COLUMN "valuation_json" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "change_json" text;--> statement-breakpoint
-- Amounts in pounds with two decimals, rounded (not cast: a sum has no upper bound), as strings; a timestamp in
-- ISO 8601, UTC, with milliseconds; a percentage of the cost, or of the value a day ago, only when that is
-- positive. `estimated`: the value is the retail estimate (`estimate_*`), not the fair price.
CREATE FUNCTION collection_valuation_json(fair_price_gbp numeric, confidence text, price_updated_at timestamptz,
    value numeric, cost numeric, estimated boolean, estimate_region text, estimate_amount numeric,
    estimate_currency text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT ',"priceSnapshot":' || CASE WHEN price_updated_at IS NOT NULL THEN
      '{"fairPriceGbp":' || coalesce('"' || fair_price_gbp::text || '"', 'null')
      || ',"confidence":' || coalesce(to_json(confidence)::text, 'null')
      || ',"updatedAt":"' || to_char(price_updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}'
    ELSE 'null' END
    || ',"costBasis":' || coalesce('"' || round(cost, 2)::text || '"', 'null')
    || ',"value":' || coalesce('"' || round(value, 2)::text || '"', 'null')
    || ',"valueEstimated":' || estimated::text
    || ',"retailEstimate":' || CASE WHEN estimated THEN
      '{"region":' || coalesce(to_json(estimate_region)::text, 'null')
      || ',"amount":' || coalesce('"' || estimate_amount::text || '"', 'null')
      || ',"currency":' || coalesce(to_json(estimate_currency)::text, 'null') || '}'
    ELSE 'null' END
    || ',"pnl":' || coalesce('"' || round(value - cost, 2)::text || '"', 'null')
    || ',"pnlPercent":'
    || coalesce('"' || CASE WHEN cost > 0 THEN round((value - cost) / cost * 100, 2)::text END || '"', 'null')
$$;--> statement-breakpoint
CREATE FUNCTION collection_change_json(change numeric, value numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT ',"change24h":' || coalesce('"' || round(change, 2)::text || '"', 'null')
    || ',"change24hPercent":'
    || coalesce('"' || CASE WHEN value - change > 0 THEN round(change / (value - change) * 100, 2)::text END || '"',
      'null')
    || '}'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION collections_page_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Dates by explicit formats: a `date` cast to text follows the session's DateStyle.
  NEW.page_json := '{"id":' || NEW.id::text
    || ',"userId":"' || NEW.user_id::text
    || '","itemId":' || NEW.item_id::text
    || ',"quantity":' || NEW.quantity::text
    || ',"pricePaid":' || coalesce('"' || NEW.price_paid::text || '"', 'null')
    || ',"originalPrice":' || coalesce('"' || NEW.original_price::text || '"', 'null')
    || ',"currency":' || coalesce(to_json(NEW.currency::text)::text, 'null')
    || ',"purchaseDate":' || coalesce('"' || to_char(NEW.purchase_date, 'YYYY-MM-DD') || '"', 'null')
    || ',"documentedPurchase":' || NEW.documented_purchase::text
    || ',"createdAt":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"condition":' || (SELECT '{"id":' || c.id::text || ',"label":' || coalesce(to_json(c.label::text)::text, 'null')
      || ',"grade":' || coalesce(to_json(c.grade::text)::text, 'null') || '}' FROM conditions c WHERE c.id = NEW.condition_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER collections_page_json ON collections;--> statement-breakpoint
CREATE TRIGGER collections_page_json BEFORE INSERT OR UPDATE OF user_id, item_id, condition_id, quantity,
    price_paid, original_price, currency, purchase_date, documented_purchase, created_at ON collections
  FOR EACH ROW EXECUTE FUNCTION collections_page_json();
--> statement-breakpoint
-- Fires after `collections_copy_valuation` (triggers of one event fire in the order of their names), which copies
-- the price. An `UPDATE OF` fires for the columns a statement sets, not those a trigger does: the item and the
-- condition are listed because changing them changes the copied price.
CREATE FUNCTION collections_valuation_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.valuation_json := collection_valuation_json(NEW.fair_price_gbp, NEW.price_confidence, NEW.price_updated_at,
    NEW.fair_price_gbp * NEW.quantity, NEW.price_paid * NEW.quantity, false, NULL, NULL, NULL);
  NEW.change_json := collection_change_json((NEW.fair_price_gbp - NEW.previous_fair_price_gbp) * NEW.quantity,
    NEW.fair_price_gbp * NEW.quantity);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER collections_valuation_json BEFORE INSERT OR UPDATE OF item_id, condition_id, quantity, price_paid,
    fair_price_gbp, previous_fair_price_gbp, price_updated_at, price_confidence ON collections
  FOR EACH ROW EXECUTE FUNCTION collections_valuation_json();
--> statement-breakpoint
-- Conditions are reference data, never renamed today; if one is, its entries follow (their grade copy too).
CREATE FUNCTION conditions_rewrite_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collections SET condition_id = condition_id WHERE condition_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conditions_rewrite_entries AFTER UPDATE OF label, grade ON conditions
  FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label OR OLD.grade IS DISTINCT FROM NEW.grade)
  EXECUTE FUNCTION conditions_rewrite_entries();
--> statement-breakpoint
-- The entries already there: rewriting the condition fires all three.
UPDATE collections SET condition_id = condition_id;--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "valuation_json" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "change_json" SET NOT NULL;

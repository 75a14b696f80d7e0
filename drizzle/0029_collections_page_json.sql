-- ADR 029: each collection entry keeps its own fields as a collection page writes them, so that a page of 50
-- entries splices them with what follows prices and the day (the condition and the valuation) instead of writing
-- every value out (a third of PostgreSQL's time for that page). The text is an unclosed JSON object; written here,
-- by the database, whenever one of its fields is written, whoever writes it (the dialogs, an import). A price
-- copied onto the entry (migration 0019) does not rewrite it.
ALTER TABLE "collections" ADD COLUMN "page_json" text;--> statement-breakpoint
CREATE FUNCTION collections_page_json() RETURNS trigger LANGUAGE plpgsql AS $$
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
    || ',"createdAt":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER collections_page_json BEFORE INSERT OR UPDATE OF user_id, item_id, quantity, price_paid,
    original_price, currency, purchase_date, documented_purchase, created_at ON collections
  FOR EACH ROW EXECUTE FUNCTION collections_page_json();
--> statement-breakpoint
-- The entries already there: rewriting a field fires the trigger.
UPDATE collections SET quantity = quantity;--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "page_json" SET NOT NULL;

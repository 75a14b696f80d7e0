-- ADR 040: a sale keeps its condition in its page text too, as a collection entry does (0031), so that a Sales
-- History page no longer joins each of its sales to `conditions` (a quarter of the page's statement in the
-- database). The text is still an unclosed JSON object: the page adds who submitted the sale (when the viewer may
-- know) and a rejection's reason.
CREATE OR REPLACE FUNCTION sales_page_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Dates by explicit formats: a `date` cast to text follows the session's DateStyle.
  NEW.page_json := '{"id":' || NEW.id::text
    || ',"itemId":' || NEW.item_id::text
    || ',"priceGbp":"' || NEW.price_gbp::text
    || '","originalPrice":"' || NEW.original_price::text
    || '","currency":' || to_json(NEW.currency::text)::text
    || ',"grade":' || to_json(NEW.grade)::text
    || ',"saleDate":"' || to_char(NEW.sale_date, 'YYYY-MM-DD')
    || '","source":' || to_json(NEW.source)::text
    || ',"sourceRef":' || coalesce(to_json(NEW.source_ref)::text, 'null')
    || ',"proofUrl":' || coalesce(to_json(NEW.proof_url)::text, 'null')
    || ',"status":' || to_json(NEW.status)::text
    || ',"createdAt":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"condition":' || (SELECT '{"id":' || c.id::text || ',"label":' || coalesce(to_json(c.label::text)::text, 'null')
      || '}' FROM conditions c WHERE c.id = NEW.condition_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Conditions are reference data, never renamed today; if one is, its sales follow.
CREATE FUNCTION conditions_rewrite_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales SET condition_id = condition_id WHERE condition_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conditions_rewrite_sales AFTER UPDATE OF label ON conditions
  FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label)
  EXECUTE FUNCTION conditions_rewrite_sales();
--> statement-breakpoint
-- The sales already there: rewriting a column fires the trigger.
UPDATE sales SET status = status;

-- ADR 043: the Sales History's index carries each sale's page text, so that a page of fifty sales is read from the
-- index alone instead of fifty heap pages (two thirds of the page's time in the database). A B-tree entry holds at
-- most 2,704 bytes; a sale's text is about 270, but a proof address may be 2,000 characters of any script. A text
-- longer than 2,000 bytes is not kept (null): the page writes it from the sale when it is read, by the same
-- function the trigger uses.
ALTER TABLE "sales" ALTER COLUMN "page_json" DROP NOT NULL;--> statement-breakpoint
CREATE FUNCTION sale_page_text(s sales) RETURNS text LANGUAGE sql STABLE AS $$
  -- Dates by explicit formats: a `date` cast to text follows the session's DateStyle.
  SELECT '{"id":' || s.id::text
    || ',"itemId":' || s.item_id::text
    || ',"priceGbp":"' || s.price_gbp::text
    || '","originalPrice":"' || s.original_price::text
    || '","currency":' || to_json(s.currency::text)::text
    || ',"grade":' || to_json(s.grade)::text
    || ',"saleDate":"' || to_char(s.sale_date, 'YYYY-MM-DD')
    || '","source":' || to_json(s.source)::text
    || ',"sourceRef":' || coalesce(to_json(s.source_ref)::text, 'null')
    || ',"proofUrl":' || coalesce(to_json(s.proof_url)::text, 'null')
    || ',"status":' || to_json(s.status)::text
    || ',"createdAt":"' || to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"condition":' || (SELECT '{"id":' || c.id::text || ',"label":' || coalesce(to_json(c.label::text)::text, 'null')
      || '}' FROM conditions c WHERE c.id = s.condition_id)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_page_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.page_json := sale_page_text(NEW);
  IF octet_length(NEW.page_json) > 2000 THEN
    NEW.page_json := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
UPDATE sales SET page_json = NULL WHERE octet_length(page_json) > 2000;--> statement-breakpoint
DROP INDEX "sales_item_date_id_idx";--> statement-breakpoint
CREATE INDEX "sales_item_date_id_idx" ON "sales" USING btree ("item_id","sale_date","id","status","submitter_id")
  INCLUDE ("page_json");

-- ADR 029: each sale keeps its own fields as the Sales History writes them, so that a page of 50 sales is spliced
-- together instead of written out value by value (half of PostgreSQL's time for that page). The text is an
-- unclosed JSON object of the `Sale` contract's own fields; the page adds the condition, the submitter (when the
-- viewer may know) and a rejection's reason. Written here, by the database, at every insert and update of a sale,
-- whoever writes it (a form, an import, a feed, a moderator).
ALTER TABLE "sales" ADD COLUMN "page_json" text;--> statement-breakpoint
CREATE FUNCTION sales_page_json() RETURNS trigger LANGUAGE plpgsql AS $$
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
    || ',"createdAt":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_page_json BEFORE INSERT OR UPDATE ON sales FOR EACH ROW EXECUTE FUNCTION sales_page_json();
--> statement-breakpoint
-- The sales already there: rewriting a column fires the trigger.
UPDATE sales SET status = status;--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "page_json" SET NOT NULL;

-- ADR 044: the statement that records sales writes each sale's page text itself, from the condition it has joined
-- already, instead of a trigger writing it row by row: the trigger, a PL/pgSQL function calling a SQL function
-- that looks the condition up, was about 30 µs of the 65 that inserting a sale took in the database. The text
-- is still written by one function, `sale_page_text_from`: a plain expression, so PostgreSQL writes it into the
-- statement that calls it instead of calling it row by row. The trigger still writes it at every update and for
-- any other insert.
CREATE FUNCTION sale_page_text_from(id bigint, item_id integer, price_gbp numeric, original_price numeric,
  currency text, grade text, sale_date date, source text, source_ref text, proof_url text, status text,
  created_at timestamptz, condition_id integer, condition_label text) RETURNS text LANGUAGE sql STABLE AS $$
  -- Dates by explicit formats: a `date` cast to text follows the session's DateStyle.
  SELECT '{"id":' || id::text
    || ',"itemId":' || item_id::text
    || ',"priceGbp":"' || price_gbp::text
    || '","originalPrice":"' || original_price::text
    || '","currency":' || to_json(currency)::text
    || ',"grade":' || to_json(grade)::text
    || ',"saleDate":"' || to_char(sale_date, 'YYYY-MM-DD')
    || '","source":' || to_json(source)::text
    || ',"sourceRef":' || coalesce(to_json(source_ref)::text, 'null')
    || ',"proofUrl":' || coalesce(to_json(proof_url)::text, 'null')
    || ',"status":' || to_json(status)::text
    || ',"createdAt":"' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"condition":{"id":' || condition_id::text || ',"label":' || coalesce(to_json(condition_label)::text, 'null')
    || '}'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_page_text(s sales) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT sale_page_text_from(s.id, s.item_id, s.price_gbp, s.original_price, s.currency, s.grade, s.sale_date,
    s.source, s.source_ref, s.proof_url, s.status, s.created_at, s.condition_id,
    (SELECT c.label FROM conditions c WHERE c.id = s.condition_id))
$$;
--> statement-breakpoint
-- Whether a page text fits the index that carries it (ADR 043: a B-tree entry holds at most 2,704 bytes).
CREATE FUNCTION sale_page_text_fits(page_text text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(page_text) <= 2000
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_page_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.page_json := sale_page_text(NEW);
  IF NOT sale_page_text_fits(NEW.page_json) THEN
    NEW.page_json := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER sales_page_json ON sales;--> statement-breakpoint
CREATE TRIGGER sales_page_json BEFORE UPDATE ON sales FOR EACH ROW EXECUTE FUNCTION sales_page_json();--> statement-breakpoint
-- An insert whose statement wrote no text, or one too long to keep.
CREATE TRIGGER sales_page_json_on_insert BEFORE INSERT ON sales FOR EACH ROW
  WHEN (NEW.page_json IS NULL OR NOT sale_page_text_fits(NEW.page_json))
  EXECUTE FUNCTION sales_page_json();

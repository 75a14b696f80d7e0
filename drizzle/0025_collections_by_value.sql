-- ADR 027: a page of the collection by value, most valuable first, is read from this index instead of valuing
-- every entry (the expression is the value the collection's reads write without a retail estimate).
CREATE INDEX "collections_user_value_idx" ON "collections" USING btree ("user_id",("fair_price_gbp" * "quantity") desc nulls last,"id" desc);
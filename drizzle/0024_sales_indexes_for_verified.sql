-- ADR 026: the fair price's index holds verified sales only (a recompute reads it alone, and a pending sale never
-- enters it), and the review queue's index the few sales not verified.
DROP INDEX "sales_item_grade_status_date_price_idx";--> statement-breakpoint
DROP INDEX "sales_status_created_idx";--> statement-breakpoint
CREATE INDEX "sales_verified_prices_idx" ON "sales" USING btree ("item_id","grade","sale_date","price_gbp","id") WHERE "sales"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "sales_status_created_idx" ON "sales" USING btree ("status","created_at") WHERE "sales"."status" <> 'verified';
DROP INDEX "sales_item_date_id_idx";--> statement-breakpoint
CREATE INDEX "sales_unverified_item_submitter_idx" ON "sales" USING btree ("item_id","submitter_id") WHERE "sales"."status" <> 'verified';--> statement-breakpoint
CREATE INDEX "sales_item_date_id_idx" ON "sales" USING btree ("item_id","sale_date","id","status","submitter_id");
-- Sales typed in twice (a double click, a replayed request) before this rule: keep the first of each.
-- Verified duplicates also counted in fair prices: `npm run admin -- snapshots:rebuild` recomputes them.
DELETE FROM "sales" AS "later" USING "sales" AS "first"
WHERE "later"."source_ref" IS NULL AND "first"."source_ref" IS NULL
  AND "later"."id" > "first"."id"
  AND "later"."submitter_id" = "first"."submitter_id"
  AND "later"."item_id" = "first"."item_id"
  AND "later"."condition_id" = "first"."condition_id"
  AND "later"."original_price" = "first"."original_price"
  AND "later"."currency" = "first"."currency"
  AND "later"."sale_date" = "first"."sale_date";--> statement-breakpoint
CREATE UNIQUE INDEX "sales_manual_duplicate_key" ON "sales" USING btree ("submitter_id","item_id","condition_id","original_price","currency","sale_date") WHERE "sales"."source_ref" is null;

-- An alert's threshold is kept as the user entered it, in its currency (issue 13): what was typed replaces the
-- pounds it was converted to, and an alert that never said its currency is in pounds.
UPDATE "alerts" SET "threshold_value" = "original_threshold" WHERE "original_threshold" IS NOT NULL AND "currency" IS NOT NULL;--> statement-breakpoint
UPDATE "alerts" SET "currency" = 'GBP' WHERE "currency" IS NULL OR "original_threshold" IS NULL;--> statement-breakpoint
-- Duplicates (same item, condition, direction and threshold) keep the oldest.
DELETE FROM "alerts" a USING "alerts" b
  WHERE a."user_id" = b."user_id" AND a."item_id" = b."item_id" AND a."condition_id" = b."condition_id"
    AND a."direction" = b."direction" AND a."threshold_value" = b."threshold_value" AND a."currency" = b."currency"
    AND a."id" > b."id";--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "currency" SET DEFAULT 'GBP';--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_user_item_condition_direction_threshold_key" ON "alerts" USING btree ("user_id","item_id","condition_id","direction","threshold_value","currency");--> statement-breakpoint
ALTER TABLE "alerts" DROP COLUMN "original_threshold";

ALTER TABLE "collections" ADD COLUMN "grade" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "item_type" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "item_theme" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "fair_price_gbp" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "previous_fair_price_gbp" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "price_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "price_confidence" text;
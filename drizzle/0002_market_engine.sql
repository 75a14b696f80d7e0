CREATE TABLE "price_condition_stats" (
	"item_id" integer NOT NULL,
	"condition_id" integer NOT NULL,
	"sales_count" integer NOT NULL,
	"total_price_gbp" numeric(14, 2) NOT NULL,
	CONSTRAINT "price_condition_stats_item_id_condition_id_pk" PRIMARY KEY("item_id","condition_id")
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"item_id" integer NOT NULL,
	"grade" text NOT NULL,
	"day" date NOT NULL,
	"fair_price_gbp" numeric(10, 2) NOT NULL,
	"sales_count" integer NOT NULL,
	CONSTRAINT "price_history_item_id_grade_day_pk" PRIMARY KEY("item_id","grade","day")
);
--> statement-breakpoint
DROP INDEX "sales_item_status_date_idx";--> statement-breakpoint
ALTER TABLE "price_snapshots" ADD COLUMN "basis" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_snapshots" ADD COLUMN "basis_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "grade" text NOT NULL;--> statement-breakpoint
ALTER TABLE "price_condition_stats" ADD CONSTRAINT "price_condition_stats_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_condition_stats" ADD CONSTRAINT "price_condition_stats_condition_id_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_item_grade_status_date_idx" ON "sales" USING btree ("item_id","grade","status","sale_date");--> statement-breakpoint
CREATE INDEX "sales_status_created_idx" ON "sales" USING btree ("status","created_at");
CREATE TABLE "retail_prices" (
	"item_id" integer NOT NULL,
	"region" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"first_available" date,
	"last_available" date,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retail_prices_item_id_region_pk" PRIMARY KEY("item_id","region")
);
--> statement-breakpoint
ALTER TABLE "retail_prices" ADD CONSTRAINT "retail_prices_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "feed_daily_calls" (
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "feed_daily_calls_provider_day_pk" PRIMARY KEY("provider","day")
);
--> statement-breakpoint
CREATE TABLE "feed_item_state" (
	"provider" text NOT NULL,
	"item_id" integer NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_outcome" text,
	CONSTRAINT "feed_item_state_provider_item_id_pk" PRIMARY KEY("provider","item_id")
);
--> statement-breakpoint
ALTER TABLE "feed_item_state" ADD CONSTRAINT "feed_item_state_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;
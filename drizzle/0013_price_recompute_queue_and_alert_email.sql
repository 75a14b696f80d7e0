CREATE TABLE "price_recompute_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_recompute_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"grade" text NOT NULL,
	"from_day" date NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alert_email" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "price_recompute_queue" ADD CONSTRAINT "price_recompute_queue_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_recompute_queue_item_idx" ON "price_recompute_queue" USING btree ("item_id","grade");--> statement-breakpoint
CREATE INDEX "alert_events_unemailed_idx" ON "alert_events" USING btree ("user_id","id") WHERE "alert_events"."emailed_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_token_unique" UNIQUE("email_token");--> statement-breakpoint
UPDATE "alert_events" SET "emailed_at" = "created_at";

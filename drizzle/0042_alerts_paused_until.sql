ALTER TABLE "alerts" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alerts_paused_until_idx" ON "alerts" USING btree ("paused_until") WHERE "alerts"."paused_until" is not null;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_paused_until_only_paused" CHECK ("alerts"."paused_until" is null or not "alerts"."active");
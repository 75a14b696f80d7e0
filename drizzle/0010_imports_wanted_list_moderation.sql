CREATE TABLE "import_issues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_issues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"number" text,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"candidates" jsonb
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"mode" text NOT NULL,
	"target" text NOT NULL,
	"format" text,
	"file_name" text,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"file_path" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wanted_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wanted_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"item_id" integer NOT NULL,
	"grade" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"quantity_filled" integer DEFAULT 0 NOT NULL,
	"max_price" numeric(10, 2),
	"max_price_original" numeric(10, 2),
	"currency" char(3),
	"notes" text,
	"source" text,
	"source_ref" text,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ALTER COLUMN "price_paid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "item_requests" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "item_requests" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "item_requests" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_requests" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "item_requests" ADD COLUMN "item_id" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "source_condition" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "value_unpriced_at_retail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_issues" ADD CONSTRAINT "import_issues_import_id_import_jobs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_items" ADD CONSTRAINT "wanted_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_items" ADD CONSTRAINT "wanted_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_items" ADD CONSTRAINT "wanted_items_import_id_import_jobs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_issues_import_line_idx" ON "import_issues" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "import_jobs_user_idx" ON "import_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_status_idx" ON "import_jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "wanted_items_user_idx" ON "wanted_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wanted_items_source_ref_key" ON "wanted_items" USING btree ("user_id","source","source_ref") WHERE "wanted_items"."source_ref" is not null;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_import_id_import_jobs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_requests_status_idx" ON "item_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "item_requests_pending_code_key" ON "item_requests" USING btree ("type",lower("code")) WHERE "item_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "collections_source_ref_key" ON "collections" USING btree ("user_id","source","source_ref") WHERE "collections"."source_ref" is not null;
-- ADR 006 (addendum): sign-in attempts and the known-device key live in PostgreSQL, so that every app instance
-- counts the same attempts and recognises the same browsers.
CREATE TABLE "auth_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_attempts_window_ends_idx" ON "auth_attempts" USING btree ("window_ends");
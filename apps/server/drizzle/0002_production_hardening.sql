CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "paired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "photos_user_sha256_idx" ON "photos" USING btree ("user_id","sha256");
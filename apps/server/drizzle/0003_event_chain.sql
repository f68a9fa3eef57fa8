ALTER TABLE "analysis_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "analysis_events" ADD COLUMN "hash" text;
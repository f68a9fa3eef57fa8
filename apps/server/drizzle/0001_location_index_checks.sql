ALTER TABLE "location_index" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "location_index" ADD COLUMN "checked_at" timestamp with time zone;
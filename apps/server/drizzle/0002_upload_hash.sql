ALTER TABLE "photos" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "paired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "photos_user_sha256_idx" ON "photos" USING btree ("user_id","sha256");
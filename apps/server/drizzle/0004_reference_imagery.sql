CREATE TABLE "reference_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_name" text NOT NULL,
	"folder_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reference_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"import_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"phash" "bytea" NOT NULL,
	"dhash" "bytea" NOT NULL,
	"features" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reference_photos" ADD CONSTRAINT "reference_photos_import_id_reference_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."reference_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reference_photos_sha256_uq" ON "reference_photos" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "reference_photos_import_idx" ON "reference_photos" USING btree ("import_id");
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_images_thumbnail_key_idx" ON "product_images" USING btree ("thumbnail_key");
--> statement-breakpoint
-- WebP is already compressed: keep the bytes uncompressed out of line, so substring() reads a slice.
ALTER TABLE "stored_files" ALTER COLUMN "data" SET STORAGE EXTERNAL;

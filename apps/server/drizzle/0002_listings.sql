-- Hand-written (drizzle-kit cannot express it), first because the indexes below use it: an
-- IMMUTABLE wrapper of unaccent (which is only STABLE) so titles and places can be indexed
-- accent-folded for partial-word search (db/schema/columns.ts, FOLD_FUNCTION).
CREATE OR REPLACE FUNCTION um_fold(value text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;--> statement-breakpoint
CREATE TABLE "product_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"uploader_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"thumbnail_key" text NOT NULL,
	"thumbnail_width" integer NOT NULL,
	"thumbnail_height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_views" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"viewer" varchar(40) NOT NULL,
	CONSTRAINT "product_views_pk" PRIMARY KEY("product_id","day","viewer")
);
--> statement-breakpoint
ALTER TABLE "product_images" RENAME COLUMN "url" TO "key";--> statement-breakpoint
ALTER TABLE "product_images" RENAME COLUMN "thumbnail_url" TO "thumbnail_key";--> statement-breakpoint
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
DROP INDEX "products_location_trgm_idx";--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "width" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "height" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "size_bytes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "thumbnail_width" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "thumbnail_height" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "product_uploads" ADD CONSTRAINT "product_uploads_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_uploads_uploader_idx" ON "product_uploads" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "product_uploads_created_idx" ON "product_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_key_uq" ON "product_images" USING btree ("key");--> statement-breakpoint
CREATE INDEX "products_title_fold_trgm_idx" ON "products" USING gin (lower(um_fold("title")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_location_fold_trgm_idx" ON "products" USING gin (lower(um_fold("location")) gin_trgm_ops);
DROP INDEX "products_title_fold_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_folded" text GENERATED ALWAYS AS (lower(um_fold("title"))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_title_folded_trgm_idx" ON "products" USING gin ("title_folded" gin_trgm_ops) WITH (fastupdate=false);
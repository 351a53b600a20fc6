DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_title_fold_trgm_idx";--> statement-breakpoint
DROP INDEX "products_location_fold_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_available_category_price_idx" ON "products" USING btree ("category_id","price") WHERE "products"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "products_available_condition_price_idx" ON "products" USING btree ("condition","price") WHERE "products"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_title_fold_trgm_idx" ON "products" USING gin (lower(um_fold("title")) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_location_fold_trgm_idx" ON "products" USING gin (lower(um_fold("location")) gin_trgm_ops) WITH (fastupdate=false);
-- Hand-written (drizzle-kit cannot express it), first because the index below needs it: btree_gin
-- lets a GIN index hold the plain filter columns next to the search vector (products.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "products_available_search_filters_idx" ON "products" USING gin ("search","condition","category_id") WITH (fastupdate=false) WHERE "products"."is_sold" = false;
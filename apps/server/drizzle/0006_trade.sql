ALTER TABLE "sales" DROP CONSTRAINT "sales_price_nonneg_ck";--> statement-breakpoint
CREATE UNIQUE INDEX "sales_one_pending_per_buyer_product_uq" ON "sales" USING btree ("product_id","buyer_id") WHERE "sales"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_price_positive_ck" CHECK ("sales"."price" > 0);
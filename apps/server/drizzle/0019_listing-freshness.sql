ALTER TABLE "products" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '60 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "course_codes" varchar(20)[] DEFAULT '{}'::varchar(20)[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_listed_expires_idx" ON "products" USING btree ("expires_at") WHERE "products"."is_sold" = false and "products"."expired_at" is null;--> statement-breakpoint
CREATE INDEX "products_course_codes_idx" ON "products" USING gin ("course_codes");

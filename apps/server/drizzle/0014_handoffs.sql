ALTER TABLE "sales" DROP CONSTRAINT "sales_status_ck";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_reserved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "seller_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "cancelled_by_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "cancel_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "cancel_note" varchar(300);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "no_show_user_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_no_show_user_id_users_id_fk" FOREIGN KEY ("no_show_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_no_show_user_idx" ON "sales" USING btree ("no_show_user_id") WHERE "sales"."no_show_user_id" is not null;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_status_ck" CHECK ("sales"."status" in ('pending', 'accepted', 'rejected', 'cancelled'));--> statement-breakpoint
-- Offers accepted before hand-offs existed were handed over already (decision 075).
UPDATE "sales" SET "completed_at" = coalesce("decided_at", "updated_at") WHERE "status" = 'accepted';

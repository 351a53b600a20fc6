CREATE TABLE "meetup_proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meetup_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sale_id" integer NOT NULL,
	"proposer_id" integer NOT NULL,
	"spot_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"state" varchar(12) DEFAULT 'proposed' NOT NULL,
	"chat_message_id" integer,
	"decided_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetup_proposals_state_ck" CHECK ("meetup_proposals"."state" in ('proposed', 'accepted', 'declined', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "meetup_spots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meetup_spots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(80) NOT NULL,
	"area" varchar(120) NOT NULL,
	"opening_hours" varchar(120) NOT NULL,
	"description" varchar(300) DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetup_spots_coordinates_ck" CHECK (("meetup_spots"."latitude" is null) = ("meetup_spots"."longitude" is null)
        and ("meetup_spots"."latitude" is null or "meetup_spots"."latitude" between -90 and 90)
        and ("meetup_spots"."longitude" is null or "meetup_spots"."longitude" between -180 and 180))
);
--> statement-breakpoint
CREATE TABLE "product_meetup_spots" (
	"product_id" integer NOT NULL,
	"spot_id" integer NOT NULL,
	CONSTRAINT "product_meetup_spots_pk" PRIMARY KEY("product_id","spot_id")
);
--> statement-breakpoint
ALTER TABLE "chat_preferences" ADD COLUMN "meetup_reminder_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meetup_proposals" ADD CONSTRAINT "meetup_proposals_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_proposals" ADD CONSTRAINT "meetup_proposals_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_proposals" ADD CONSTRAINT "meetup_proposals_spot_id_meetup_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."meetup_spots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_proposals" ADD CONSTRAINT "meetup_proposals_chat_message_id_chat_messages_id_fk" FOREIGN KEY ("chat_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_meetup_spots" ADD CONSTRAINT "product_meetup_spots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_meetup_spots" ADD CONSTRAINT "product_meetup_spots_spot_id_meetup_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."meetup_spots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meetup_proposals_one_pending_uq" ON "meetup_proposals" USING btree ("sale_id") WHERE "meetup_proposals"."state" = 'proposed';--> statement-breakpoint
CREATE UNIQUE INDEX "meetup_proposals_one_accepted_uq" ON "meetup_proposals" USING btree ("sale_id") WHERE "meetup_proposals"."state" = 'accepted';--> statement-breakpoint
CREATE INDEX "meetup_proposals_sale_idx" ON "meetup_proposals" USING btree ("sale_id","id");--> statement-breakpoint
CREATE INDEX "meetup_proposals_chat_message_idx" ON "meetup_proposals" USING btree ("chat_message_id");--> statement-breakpoint
CREATE INDEX "meetup_proposals_spot_idx" ON "meetup_proposals" USING btree ("spot_id");--> statement-breakpoint
CREATE INDEX "meetup_proposals_due_reminder_idx" ON "meetup_proposals" USING btree ("starts_at") WHERE "meetup_proposals"."state" = 'accepted' and "meetup_proposals"."reminded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "meetup_spots_name_lower_uq" ON "meetup_spots" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_meetup_spots_spot_idx" ON "product_meetup_spots" USING btree ("spot_id");
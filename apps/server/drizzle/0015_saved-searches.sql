CREATE TABLE "saved_search_digests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_digest_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_hits" (
	"saved_search_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_hits_saved_search_id_product_id_pk" PRIMARY KEY("saved_search_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_queue" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"search" varchar(100),
	"category_id" integer,
	"min_price" numeric(12, 2),
	"max_price" numeric(12, 2),
	"condition" varchar(16),
	"location" varchar(100),
	"sort" varchar(16),
	"criteria_key" varchar(400) NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"email_digest" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"query" "tsquery" GENERATED ALWAYS AS (case when "search" is null then null else websearch_to_tsquery('unimercado_es'::regconfig, "search") end) STORED,
	"search_folded" text GENERATED ALWAYS AS (lower(um_fold("search"))) STORED,
	"lexemes" text[] GENERATED ALWAYS AS (tsvector_to_array(to_tsvector('unimercado_es'::regconfig, coalesce("search", '')))) STORED,
	"search_head" text GENERATED ALWAYS AS (left(lower(um_fold("search")), 3)) STORED,
	"location_folded" text GENERATED ALWAYS AS (lower(um_fold("location"))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_search_digests" ADD CONSTRAINT "saved_search_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_queue" ADD CONSTRAINT "saved_search_queue_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_hits_product_idx" ON "saved_search_hits" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_criteria_uq" ON "saved_searches" USING btree ("user_id","criteria_key");--> statement-breakpoint
CREATE INDEX "saved_searches_active_lexemes_idx" ON "saved_searches" USING gin ("lexemes") WHERE not "saved_searches"."is_paused";--> statement-breakpoint
CREATE INDEX "saved_searches_active_head_idx" ON "saved_searches" USING btree ("search_head") WHERE not "saved_searches"."is_paused";--> statement-breakpoint
CREATE INDEX "saved_searches_active_textless_idx" ON "saved_searches" USING btree ("category_id") WHERE not "saved_searches"."is_paused" and "saved_searches"."search" is null;
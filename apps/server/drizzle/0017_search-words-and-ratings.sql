CREATE TABLE "search_words" (
	"word" varchar(40) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "reviews_reviewee_rating_idx" ON "reviews" USING btree ("reviewee_id","rating");
CREATE TABLE "chat_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"unread_digest" boolean DEFAULT true NOT NULL,
	"last_digest_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_preferences" ADD CONSTRAINT "chat_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_actor_created_idx" ON "notifications" USING btree ("user_id","actor_id","created_at" DESC NULLS LAST) WHERE "notifications"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("receiver_id","created_at") WHERE "chat_messages"."read_at" is null;
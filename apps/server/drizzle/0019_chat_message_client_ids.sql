CREATE TABLE "chat_message_client_ids" (
	"sender_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"message_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_client_ids_sender_id_client_id_pk" PRIMARY KEY("sender_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "chat_message_client_ids" ADD CONSTRAINT "chat_message_client_ids_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_client_ids" ADD CONSTRAINT "chat_message_client_ids_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_client_ids_message_idx" ON "chat_message_client_ids" USING btree ("message_id");
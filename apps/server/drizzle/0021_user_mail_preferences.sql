CREATE TABLE "auth"."user_mail_preferences" (
	"user_id" uuid NOT NULL,
	"event" text NOT NULL,
	"mail" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_mail_preferences_user_id_event_pk" PRIMARY KEY("user_id","event")
);
--> statement-breakpoint
ALTER TABLE "auth"."user_mail_preferences" ADD CONSTRAINT "user_mail_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;
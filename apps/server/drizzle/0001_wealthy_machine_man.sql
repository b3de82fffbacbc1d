CREATE TABLE "backend"."mail_template_assignments" (
	"event" text PRIMARY KEY NOT NULL,
	"template_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail"."outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event" text,
	"template_id" uuid,
	"company_id" uuid,
	"to" text NOT NULL,
	"language" text NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"transport" text,
	"subject" text,
	"html" text,
	"text" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail"."templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"event" text,
	"contents" jsonb NOT NULL,
	"variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backend"."mail_template_assignments" ADD CONSTRAINT "mail_template_assignments_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "mail"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail"."outbox" ADD CONSTRAINT "outbox_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "mail"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail"."outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_company_idx" ON "mail"."outbox" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail"."outbox" USING btree ("status");--> statement-breakpoint
CREATE INDEX "mail_templates_event_idx" ON "mail"."templates" USING btree ("event");
CREATE TABLE "backend"."invoice_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"step" smallint NOT NULL,
	"level_name" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"mailed_to" text,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backend"."invoices" ADD COLUMN "dunning_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "backend"."invoices" ADD COLUMN "last_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backend"."invoices" ADD COLUMN "dunning_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "backend"."invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "backend"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_step_idx" ON "backend"."invoice_reminders" USING btree ("invoice_id","step");
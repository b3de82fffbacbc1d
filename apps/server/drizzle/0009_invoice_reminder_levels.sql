CREATE TABLE "backend"."invoice_reminder_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"level" smallint NOT NULL,
	"level_name" text NOT NULL,
	"period_days" smallint NOT NULL,
	"reminder_fee_cents" integer DEFAULT 0 NOT NULL,
	"start_text" text,
	"end_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminder_levels_period_check" CHECK ("backend"."invoice_reminder_levels"."period_days" > 0),
	CONSTRAINT "invoice_reminder_levels_fee_check" CHECK ("backend"."invoice_reminder_levels"."reminder_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminder_levels_level_idx" ON "backend"."invoice_reminder_levels" USING btree ("level");
CREATE TABLE "backend"."payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backend"."payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"reference" text,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"failure_reason" text,
	"details" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_check" CHECK ("backend"."payments"."provider" in ('bank-transfer', 'stripe')),
	CONSTRAINT "payments_status_check" CHECK ("backend"."payments"."status" in ('paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "backend"."invoices" ADD COLUMN "package_credits" integer;--> statement-breakpoint
ALTER TABLE "backend"."invoices" ADD COLUMN "package_credit_type" text;--> statement-breakpoint
ALTER TABLE "backend"."payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "backend"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_idx" ON "backend"."payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_idx" ON "backend"."payments" USING btree ("provider","reference") WHERE "backend"."payments"."reference" is not null;--> statement-breakpoint
CREATE INDEX "payments_company_created_idx" ON "backend"."payments" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "backend"."payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "backend"."payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_purchase_idx" ON "backend"."credit_ledger" USING btree ("invoice_id") WHERE "backend"."credit_ledger"."reason" = 'purchase' and "backend"."credit_ledger"."invoice_id" is not null;
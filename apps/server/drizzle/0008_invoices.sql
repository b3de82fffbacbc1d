CREATE TABLE "backend"."invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"article_number" text,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"net_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backend"."invoice_number_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backend"."invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" text,
	"number_year" smallint,
	"number_sequence" integer,
	"type" text DEFAULT 'invoice' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"invoice_date" date,
	"due_date" date,
	"payment_term_days" smallint DEFAULT 14 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"billing_address" jsonb,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"cancels_invoice_id" uuid,
	"package_id" uuid,
	"created_by" uuid,
	"issued_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("backend"."invoices"."status" in ('draft', 'open', 'paid', 'cancelled')),
	CONSTRAINT "invoices_type_check" CHECK ("backend"."invoices"."type" in ('invoice', 'credit-note')),
	CONSTRAINT "invoices_number_check" CHECK (("backend"."invoices"."status" = 'draft') = ("backend"."invoices"."number" is null) and ("backend"."invoices"."number" is null) = ("backend"."invoices"."number_sequence" is null))
);
--> statement-breakpoint
ALTER TABLE "backend"."invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "backend"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."invoices" ADD CONSTRAINT "invoices_cancels_invoice_id_invoices_id_fk" FOREIGN KEY ("cancels_invoice_id") REFERENCES "backend"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_idx" ON "backend"."invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "backend"."invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_sequence_idx" ON "backend"."invoices" USING btree ("number_year","number_sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_cancels_idx" ON "backend"."invoices" USING btree ("cancels_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_company_created_idx" ON "backend"."invoices" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "backend"."invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "backend"."invoices" USING btree ("status","due_date");
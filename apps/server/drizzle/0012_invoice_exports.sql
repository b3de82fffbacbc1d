CREATE TABLE "backend"."invoice_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"api_key_id" uuid,
	"company_id" uuid NOT NULL,
	"ranges" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"recovered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "invoice_exports_status_check" CHECK ("backend"."invoice_exports"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "mail"."outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "backend"."invoice_exports" ADD CONSTRAINT "invoice_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."invoice_exports" ADD CONSTRAINT "invoice_exports_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "auth"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."invoice_exports" ADD CONSTRAINT "invoice_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_exports_caller_idx" ON "backend"."invoice_exports" USING btree ("user_id","api_key_id","created_at");
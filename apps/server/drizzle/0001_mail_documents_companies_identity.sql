CREATE SEQUENCE "backend"."company_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "backend"."audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"actor_api_key_id" uuid,
	"actor_company_id" uuid,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "backend"."captchas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backend"."company_bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"account_holder" text,
	"bank_name" text,
	"iban" text NOT NULL,
	"bic" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backend"."document_assignments" (
	"document_type" text PRIMARY KEY NOT NULL,
	"template_id" uuid NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backend"."mail_template_assignments" (
	"event" text PRIMARY KEY NOT NULL,
	"template_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backend"."registration_configuration" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"role_id" uuid,
	"free_credits" integer DEFAULT 0 NOT NULL,
	"captcha_enabled" boolean DEFAULT true NOT NULL,
	"vat_required_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"allowed_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_configuration_single_row" CHECK ("backend"."registration_configuration"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "backend"."unit_users" (
	"unit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "unit_users_unit_id_user_id_pk" PRIMARY KEY("unit_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "backend"."units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents"."files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text DEFAULT 'file' NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"etag" text,
	"name" text,
	"description" text,
	"variables" jsonb,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
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
ALTER TABLE "backend"."companies" ADD COLUMN "company_number" text DEFAULT nextval('backend.company_number_seq')::text NOT NULL;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "invoice_email_address" text;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "warning_mail_address" text;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "apply_reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "external_order_number" text;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "contact_person" text;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "reseller_id" uuid;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "sales_partner_id" uuid;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "service_partner_id" uuid;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth"."api_keys" ADD CONSTRAINT "api_keys_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "auth"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."company_bank_accounts" ADD CONSTRAINT "company_bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."mail_template_assignments" ADD CONSTRAINT "mail_template_assignments_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "mail"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."registration_configuration" ADD CONSTRAINT "registration_configuration_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "auth"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."unit_users" ADD CONSTRAINT "unit_users_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "backend"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."unit_users" ADD CONSTRAINT "unit_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."units" ADD CONSTRAINT "units_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."units" ADD CONSTRAINT "units_parent_id_units_id_fk" FOREIGN KEY ("parent_id") REFERENCES "backend"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents"."files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents"."files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail"."outbox" ADD CONSTRAINT "outbox_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "mail"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "backend"."audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "backend"."audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "api_keys_owner_idx" ON "auth"."api_keys" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "auth"."api_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "backend"."captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "company_bank_accounts_company_idx" ON "backend"."company_bank_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "unit_users_user_idx" ON "backend"."unit_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "units_company_idx" ON "backend"."units" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "units_parent_idx" ON "backend"."units" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "files_company_kind_idx" ON "documents"."files" USING btree ("company_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_idx" ON "documents"."files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail"."outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_company_idx" ON "mail"."outbox" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail"."outbox" USING btree ("status");--> statement-breakpoint
CREATE INDEX "mail_templates_event_idx" ON "mail"."templates" USING btree ("event");--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD CONSTRAINT "companies_reseller_id_companies_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD CONSTRAINT "companies_sales_partner_id_companies_id_fk" FOREIGN KEY ("sales_partner_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."companies" ADD CONSTRAINT "companies_service_partner_id_companies_id_fk" FOREIGN KEY ("service_partner_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_company_number_idx" ON "backend"."companies" USING btree ("company_number");--> statement-breakpoint
CREATE INDEX "companies_reseller_idx" ON "backend"."companies" USING btree ("reseller_id");--> statement-breakpoint
CREATE INDEX "companies_sales_partner_idx" ON "backend"."companies" USING btree ("sales_partner_id");--> statement-breakpoint
CREATE INDEX "companies_service_partner_idx" ON "backend"."companies" USING btree ("service_partner_id");--> statement-breakpoint
CREATE INDEX "companies_country_idx" ON "backend"."companies" USING btree ("country");
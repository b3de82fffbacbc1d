CREATE TABLE "auth"."account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "auth"."two_factor_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backend"."flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"colour" text NOT NULL,
	"description" text,
	"applies_to" text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flags_kind_check" CHECK ("backend"."flags"."kind" in ('flag', 'tag'))
);
--> statement-breakpoint
CREATE TABLE "backend"."record_flags" (
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"flag_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_flags_record_type_record_id_pk" PRIMARY KEY("record_type","record_id"),
	CONSTRAINT "record_flags_record_type_check" CHECK ("backend"."record_flags"."record_type" in ('company', 'case'))
);
--> statement-breakpoint
CREATE TABLE "backend"."record_tags" (
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_tags_record_type_record_id_tag_id_pk" PRIMARY KEY("record_type","record_id","tag_id"),
	CONSTRAINT "record_tags_record_type_check" CHECK ("backend"."record_tags"."record_type" in ('company', 'case'))
);
--> statement-breakpoint
CREATE TABLE "backend"."customer_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"details" text,
	"due_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"assignee_id" uuid,
	"author_id" uuid,
	"author_company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_activities_type_check" CHECK ("backend"."customer_activities"."type" in ('call', 'meeting', 'mail', 'visit', 'task'))
);
--> statement-breakpoint
CREATE TABLE "backend"."customer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"body" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"author_id" uuid,
	"author_company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth"."users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."roles" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth"."users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth"."users" ADD COLUMN "two_factor_secret" text;--> statement-breakpoint
ALTER TABLE "auth"."users" ADD COLUMN "two_factor_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth"."users" ADD COLUMN "two_factor_pending_secret" text;--> statement-breakpoint
ALTER TABLE "auth"."users" ADD COLUMN "two_factor_last_step" integer;--> statement-breakpoint
ALTER TABLE "auth"."account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth"."two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."flags" ADD CONSTRAINT "flags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."record_flags" ADD CONSTRAINT "record_flags_flag_id_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "backend"."flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."record_flags" ADD CONSTRAINT "record_flags_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."record_tags" ADD CONSTRAINT "record_tags_tag_id_flags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "backend"."flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."record_tags" ADD CONSTRAINT "record_tags_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_activities" ADD CONSTRAINT "customer_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_activities" ADD CONSTRAINT "customer_activities_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_activities" ADD CONSTRAINT "customer_activities_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_activities" ADD CONSTRAINT "customer_activities_author_company_id_companies_id_fk" FOREIGN KEY ("author_company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_notes" ADD CONSTRAINT "customer_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_notes" ADD CONSTRAINT "customer_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_notes" ADD CONSTRAINT "customer_notes_author_company_id_companies_id_fk" FOREIGN KEY ("author_company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "auth"."account_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_tokens_expires_idx" ON "auth"."account_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recovery_codes_user_hash_idx" ON "auth"."two_factor_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "flags_kind_name_idx" ON "backend"."flags" USING btree ("kind",lower("name"));--> statement-breakpoint
CREATE INDEX "record_flags_flag_idx" ON "backend"."record_flags" USING btree ("flag_id","record_type");--> statement-breakpoint
CREATE INDEX "record_tags_tag_idx" ON "backend"."record_tags" USING btree ("tag_id","record_type");--> statement-breakpoint
CREATE INDEX "customer_activities_company_created_idx" ON "backend"."customer_activities" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_activities_assignee_idx" ON "backend"."customer_activities" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "customer_notes_company_created_idx" ON "backend"."customer_notes" USING btree ("company_id","created_at");
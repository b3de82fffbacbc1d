CREATE TABLE "backend"."case_jaws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"jaw" text NOT NULL,
	"upload_id" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"unsupported_reason" text,
	"quality" jsonb,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_jaws_jaw_check" CHECK ("backend"."case_jaws"."jaw" in ('upper', 'lower')),
	CONSTRAINT "case_jaws_status_check" CHECK ("backend"."case_jaws"."status" in ('queued', 'done', 'unsupported'))
);
--> statement-breakpoint
CREATE TABLE "backend"."case_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backend"."case_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"message" text NOT NULL,
	"details" jsonb,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backend"."case_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"result_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_ratings_stars_check" CHECK ("backend"."case_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "backend"."case_result_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"result_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"jaw" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_result_files_kind_check" CHECK ("backend"."case_result_files"."kind" in ('mesh', 'preview', 'report', 'other')),
	CONSTRAINT "case_result_files_jaw_check" CHECK ("backend"."case_result_files"."jaw" is null or "backend"."case_result_files"."jaw" in ('upper', 'lower'))
);
--> statement-breakpoint
CREATE TABLE "backend"."case_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"engine" text NOT NULL,
	"processing_run" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_results_status_check" CHECK ("backend"."case_results"."status" in ('in-progress', 'done', 'failed', 'approved', 'rejected', 'hidden')),
	CONSTRAINT "case_results_engine_check" CHECK ("backend"."case_results"."engine" in ('reference', 'external'))
);
--> statement-breakpoint
CREATE TABLE "backend"."cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"patient" text NOT NULL,
	"patient_birth_year" smallint,
	"notes" text,
	"status" text NOT NULL,
	"previous_status" text,
	"upper_teeth" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"lower_teeth" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"credits_spent" integer DEFAULT 0 NOT NULL,
	"charge_booking_id" uuid,
	"engine" text,
	"processing_run" integer DEFAULT 0 NOT NULL,
	"processing_attempts" integer DEFAULT 0 NOT NULL,
	"processing_error" text,
	"processing_started_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"result_count" integer DEFAULT 0 NOT NULL,
	"locked_by" uuid,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_status_check" CHECK ("backend"."cases"."status" in ('in-approval', 'approved', 'rejected', 'finished', 'flagged', 'trash', 'in-progress', 'queued',
    'done', 'unsupported', 'failed', 'hidden')),
	CONSTRAINT "cases_previous_status_check" CHECK ("backend"."cases"."previous_status" is null or "backend"."cases"."previous_status" in ('in-approval', 'approved', 'rejected', 'finished', 'flagged', 'trash', 'in-progress', 'queued',
    'done', 'unsupported', 'failed', 'hidden')),
	CONSTRAINT "cases_engine_check" CHECK ("backend"."cases"."engine" is null or "backend"."cases"."engine" in ('reference', 'external')),
	CONSTRAINT "cases_credits_spent_check" CHECK ("backend"."cases"."credits_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "backend"."uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"storage_key" text,
	"status" text DEFAULT 'uploading' NOT NULL,
	"failure_reason" text,
	"tus_id" text NOT NULL,
	"tus_metadata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "uploads_status_check" CHECK ("backend"."uploads"."status" in ('uploading', 'stored', 'verified', 'failed', 'consumed')),
	CONSTRAINT "uploads_size_check" CHECK ("backend"."uploads"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "backend"."case_jaws" ADD CONSTRAINT "case_jaws_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "backend"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."case_logs" ADD CONSTRAINT "case_logs_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "backend"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."case_ratings" ADD CONSTRAINT "case_ratings_result_id_case_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "backend"."case_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."case_result_files" ADD CONSTRAINT "case_result_files_result_id_case_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "backend"."case_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."case_results" ADD CONSTRAINT "case_results_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "backend"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."cases" ADD CONSTRAINT "cases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."uploads" ADD CONSTRAINT "uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."uploads" ADD CONSTRAINT "uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_jaws_case_jaw_idx" ON "backend"."case_jaws" USING btree ("case_id","jaw");--> statement-breakpoint
CREATE INDEX "case_logs_case_idx" ON "backend"."case_logs" USING btree ("case_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "case_ratings_result_user_idx" ON "backend"."case_ratings" USING btree ("result_id","user_id");--> statement-breakpoint
CREATE INDEX "case_result_files_result_idx" ON "backend"."case_result_files" USING btree ("result_id");--> statement-breakpoint
CREATE UNIQUE INDEX "case_results_case_version_idx" ON "backend"."case_results" USING btree ("case_id","version");--> statement-breakpoint
CREATE INDEX "cases_company_created_idx" ON "backend"."cases" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_created_idx" ON "backend"."cases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cases_status_created_idx" ON "backend"."cases" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_company_status_created_idx" ON "backend"."cases" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "cases_name_idx" ON "backend"."cases" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "cases_status_name_idx" ON "backend"."cases" USING btree ("status",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "cases_name_trgm_idx" ON "backend"."cases" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cases_patient_trgm_idx" ON "backend"."cases" USING gin ("patient" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "uploads_company_idx" ON "backend"."uploads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_status_created_idx" ON "backend"."uploads" USING btree ("status","created_at");
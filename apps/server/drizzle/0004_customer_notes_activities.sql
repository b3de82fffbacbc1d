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
ALTER TABLE "backend"."customer_activities" ADD CONSTRAINT "customer_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_activities" ADD CONSTRAINT "customer_activities_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_activities" ADD CONSTRAINT "customer_activities_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_activities" ADD CONSTRAINT "customer_activities_author_company_id_companies_id_fk" FOREIGN KEY ("author_company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_notes" ADD CONSTRAINT "customer_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_notes" ADD CONSTRAINT "customer_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."customer_notes" ADD CONSTRAINT "customer_notes_author_company_id_companies_id_fk" FOREIGN KEY ("author_company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_activities_company_created_idx" ON "backend"."customer_activities" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_activities_assignee_idx" ON "backend"."customer_activities" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "customer_notes_company_created_idx" ON "backend"."customer_notes" USING btree ("company_id","created_at");
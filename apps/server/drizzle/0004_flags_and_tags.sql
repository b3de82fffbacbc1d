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
ALTER TABLE "backend"."flags" ADD CONSTRAINT "flags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."record_flags" ADD CONSTRAINT "record_flags_flag_id_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "backend"."flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."record_flags" ADD CONSTRAINT "record_flags_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."record_tags" ADD CONSTRAINT "record_tags_tag_id_flags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "backend"."flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."record_tags" ADD CONSTRAINT "record_tags_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "auth"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flags_kind_name_idx" ON "backend"."flags" USING btree ("kind",lower("name"));--> statement-breakpoint
CREATE INDEX "record_flags_flag_idx" ON "backend"."record_flags" USING btree ("flag_id","record_type");--> statement-breakpoint
CREATE INDEX "record_tags_tag_idx" ON "backend"."record_tags" USING btree ("tag_id","record_type");
ALTER TABLE "backend"."audit_log" ADD COLUMN "company_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "backend"."audit_log" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "backend"."audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "users_mail_trgm_idx" ON "auth"."users" USING gin ("mail" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "auth"."users" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_live_created_idx" ON "auth"."users" USING btree ("created_at","id") WHERE "auth"."users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "backend"."companies" USING gin ("company_name" gin_trgm_ops);
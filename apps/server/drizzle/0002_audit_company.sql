ALTER TABLE "backend"."audit_log" ADD COLUMN "company_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "backend"."audit_log" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "backend"."audit_log" USING btree ("at");
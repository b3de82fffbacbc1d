CREATE INDEX "companies_number_trgm_idx" ON "backend"."companies" USING gin ("company_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_city_trgm_idx" ON "backend"."companies" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_vat_id_trgm_idx" ON "backend"."companies" USING gin ("vat_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_contact_person_trgm_idx" ON "backend"."companies" USING gin ("contact_person" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_to_trgm_idx" ON "mail"."outbox" USING gin ("to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_subject_trgm_idx" ON "mail"."outbox" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_event_trgm_idx" ON "mail"."outbox" USING gin ("event" gin_trgm_ops);
ALTER TABLE "backend"."uploads" DROP CONSTRAINT "uploads_status_check";--> statement-breakpoint
ALTER TABLE "backend"."uploads" ADD COLUMN "refusal" jsonb;--> statement-breakpoint
ALTER TABLE "backend"."uploads" ADD CONSTRAINT "uploads_status_check" CHECK ("backend"."uploads"."status" in ('uploading', 'stored', 'verified', 'failed', 'refused', 'consumed'));
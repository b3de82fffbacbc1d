ALTER TABLE "backend"."case_results" DROP CONSTRAINT "case_results_engine_check";--> statement-breakpoint
ALTER TABLE "backend"."cases" DROP CONSTRAINT "cases_engine_check";--> statement-breakpoint
ALTER TABLE "backend"."case_results" ADD CONSTRAINT "case_results_engine_check" CHECK ("backend"."case_results"."engine" ~ '^[a-z][a-z0-9-]{0,39}$');--> statement-breakpoint
ALTER TABLE "backend"."cases" ADD CONSTRAINT "cases_engine_check" CHECK ("backend"."cases"."engine" is null or "backend"."cases"."engine" ~ '^[a-z][a-z0-9-]{0,39}$');
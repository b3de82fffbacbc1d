CREATE TABLE "backend"."country_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"upper_tooth_credits" integer NOT NULL,
	"lower_tooth_credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "country_credits_upper_check" CHECK ("backend"."country_credits"."upper_tooth_credits" >= 0),
	CONSTRAINT "country_credits_lower_check" CHECK ("backend"."country_credits"."lower_tooth_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "backend"."country_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"country" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "country_packages_price_check" CHECK ("backend"."country_packages"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "backend"."coupon_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"credits" integer,
	"credit_type" text,
	"percent_off" integer,
	"amount_off_cents" integer,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"package_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"free_users" integer,
	"max_uses" integer,
	"max_uses_per_company" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"companies_used" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_codes_kind_check" CHECK ("backend"."coupon_codes"."kind" in ('credits', 'percent', 'fixed')),
	CONSTRAINT "coupon_codes_grant_check" CHECK (("backend"."coupon_codes"."kind" = 'credits' and "backend"."coupon_codes"."credits" > 0 and "backend"."coupon_codes"."credit_type" in ('free', 'paid'))
        or ("backend"."coupon_codes"."kind" = 'percent' and "backend"."coupon_codes"."percent_off" between 1 and 100)
        or ("backend"."coupon_codes"."kind" = 'fixed' and "backend"."coupon_codes"."amount_off_cents" > 0)),
	CONSTRAINT "coupon_codes_uses_check" CHECK ("backend"."coupon_codes"."max_uses" is null or "backend"."coupon_codes"."uses" <= "backend"."coupon_codes"."max_uses"),
	CONSTRAINT "coupon_codes_free_users_check" CHECK ("backend"."coupon_codes"."free_users" is null or "backend"."coupon_codes"."companies_used" <= "backend"."coupon_codes"."free_users")
);
--> statement-breakpoint
CREATE TABLE "backend"."coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"credits" integer,
	"discount_cents" integer,
	"invoice_id" uuid,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backend"."credit_balances" (
	"company_id" uuid NOT NULL,
	"credit_type" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_balances_company_id_credit_type_pk" PRIMARY KEY("company_id","credit_type"),
	CONSTRAINT "credit_balances_balance_check" CHECK ("backend"."credit_balances"."balance" >= 0),
	CONSTRAINT "credit_balances_credit_type_check" CHECK ("backend"."credit_balances"."credit_type" in ('free', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "backend"."credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "backend"."credit_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"credit_type" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"case_id" uuid,
	"invoice_id" uuid,
	"coupon_id" uuid,
	"package_id" uuid,
	"refund_of" uuid,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_amount_check" CHECK ("backend"."credit_ledger"."amount" <> 0),
	CONSTRAINT "credit_ledger_balance_check" CHECK ("backend"."credit_ledger"."balance_after" >= 0),
	CONSTRAINT "credit_ledger_credit_type_check" CHECK ("backend"."credit_ledger"."credit_type" in ('free', 'paid')),
	CONSTRAINT "credit_ledger_reason_check" CHECK ("backend"."credit_ledger"."reason" in ('purchase', 'case_submission', 'recalculation', 'refund', 'coupon', 'registration_bonus',
        'manual_grant', 'correction', 'commission_payout', 'expiry'))
);
--> statement-breakpoint
CREATE TABLE "backend"."credit_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"credits" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"credit_type" text DEFAULT 'paid' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_packages_credits_check" CHECK ("backend"."credit_packages"."credits" > 0),
	CONSTRAINT "credit_packages_price_check" CHECK ("backend"."credit_packages"."price_cents" >= 0),
	CONSTRAINT "credit_packages_credit_type_check" CHECK ("backend"."credit_packages"."credit_type" in ('free', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "backend"."credit_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"recalculation_factor" numeric(6, 2) DEFAULT 1 NOT NULL,
	"default_upper_tooth_credits" integer DEFAULT 1 NOT NULL,
	"default_lower_tooth_credits" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_settings_single_row" CHECK ("backend"."credit_settings"."id" = 1),
	CONSTRAINT "credit_settings_factor_check" CHECK ("backend"."credit_settings"."recalculation_factor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "backend"."country_packages" ADD CONSTRAINT "country_packages_package_id_credit_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "backend"."credit_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupon_codes_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "backend"."coupon_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."credit_balances" ADD CONSTRAINT "credit_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."credit_ledger" ADD CONSTRAINT "credit_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "backend"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."credit_ledger" ADD CONSTRAINT "credit_ledger_coupon_id_coupon_codes_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "backend"."coupon_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backend"."credit_ledger" ADD CONSTRAINT "credit_ledger_package_id_credit_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "backend"."credit_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "country_credits_country_idx" ON "backend"."country_credits" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "country_packages_package_country_idx" ON "backend"."country_packages" USING btree ("package_id","country");--> statement-breakpoint
CREATE INDEX "country_packages_country_idx" ON "backend"."country_packages" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_code_idx" ON "backend"."coupon_codes" USING btree (lower("code")) WHERE "backend"."coupon_codes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "backend"."coupon_redemptions" USING btree ("coupon_id","redeemed_at");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_company_idx" ON "backend"."coupon_redemptions" USING btree ("company_id","coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_seq_idx" ON "backend"."credit_ledger" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "credit_ledger_company_idx" ON "backend"."credit_ledger" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "credit_ledger_booking_idx" ON "backend"."credit_ledger" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_case_idx" ON "backend"."credit_ledger" USING btree ("case_id") WHERE "backend"."credit_ledger"."case_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_ledger_coupon_idx" ON "backend"."credit_ledger" USING btree ("coupon_id") WHERE "backend"."credit_ledger"."coupon_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_refund_idx" ON "backend"."credit_ledger" USING btree ("refund_of","credit_type") WHERE "backend"."credit_ledger"."refund_of" is not null;--> statement-breakpoint
CREATE INDEX "credit_packages_sort_idx" ON "backend"."credit_packages" USING btree ("sort_order","name");--> statement-breakpoint
-- The ledger is append-only (ADR 0090): corrections are new entries, never edits.
CREATE FUNCTION "backend"."credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit ledger entries cannot be changed or removed; book a correction instead'
    USING ERRCODE = 'check_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "credit_ledger_append_only" BEFORE UPDATE OR DELETE ON "backend"."credit_ledger"
  FOR EACH ROW EXECUTE FUNCTION "backend"."credit_ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "credit_ledger_no_truncate" BEFORE TRUNCATE ON "backend"."credit_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "backend"."credit_ledger_append_only"();
--> statement-breakpoint
INSERT INTO "backend"."credit_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;

CREATE TABLE "claim_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text NOT NULL,
	"paid_by" uuid,
	"recipient_code" text,
	"transfer_code" text,
	"failure_reason" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_payouts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "claim_payouts_amount_positive" CHECK ("claim_payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "claim_payouts" ADD CONSTRAINT "claim_payouts_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_payouts" ADD CONSTRAINT "claim_payouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_payouts" ADD CONSTRAINT "claim_payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_payouts_live_idx" ON "claim_payouts" USING btree ("claim_id") WHERE status in ('processing', 'succeeded');--> statement-breakpoint
CREATE INDEX "claim_payouts_claim_idx" ON "claim_payouts" USING btree ("claim_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_payouts_processing_idx" ON "claim_payouts" USING btree ("updated_at") WHERE status = 'processing';
CREATE TABLE "purchase_spend_months" (
	"customer_id" uuid NOT NULL,
	"month" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "purchase_spend_months_customer_id_month_pk" PRIMARY KEY("customer_id","month")
);
--> statement-breakpoint
DROP INDEX "policies_customer_cover_end_idx";--> statement-breakpoint
ALTER TABLE "purchase_spend_months" ADD CONSTRAINT "purchase_spend_months_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_custodian_employee_idx" ON "policies" USING btree ("custodian_employee_id") WHERE "policies"."custodian_employee_id" is not null;--> statement-breakpoint
CREATE INDEX "policies_plan_billing_idx" ON "policies" USING btree ("customer_id","next_billing_date") WHERE "policies"."kind" = 'plan';--> statement-breakpoint
CREATE INDEX "invoices_totals_idx" ON "invoices" USING btree ("customer_id","period_start","status","kind","total","id");--> statement-breakpoint
CREATE INDEX "policies_customer_cover_end_idx" ON "policies" USING btree ("customer_id","cover_end","product_id","status");--> statement-breakpoint

-- Home's spend as a running total (docs/decisions/126-running-totals.md): paid purchases summed by
-- business and month, the month as the transaction history dates a purchase (Lagos time, UTC+1). The
-- trigger takes back what a row counted before a change and adds what it counts after, so the table
-- always equals `select customer_id, month, sum(amount) from purchases where status = 'paid' group by 1, 2`.
CREATE FUNCTION purchase_spend_month(at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT to_char((at AT TIME ZONE 'UTC') + interval '1 hour', 'YYYY-MM')
$$;
--> statement-breakpoint
CREATE FUNCTION purchase_spend_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' THEN
		UPDATE purchase_spend_months SET amount = amount - OLD.amount
			WHERE customer_id = OLD.customer_id AND month = purchase_spend_month(OLD.created_at);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'paid' THEN
		INSERT INTO purchase_spend_months (customer_id, month, amount)
			VALUES (NEW.customer_id, purchase_spend_month(NEW.created_at), NEW.amount)
			ON CONFLICT (customer_id, month) DO UPDATE SET amount = purchase_spend_months.amount + EXCLUDED.amount;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_spend AFTER INSERT OR DELETE OR UPDATE OF customer_id, amount, status, created_at ON purchases
	FOR EACH ROW EXECUTE FUNCTION purchase_spend_keep();
--> statement-breakpoint
CREATE FUNCTION purchase_spend_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'purchases are not truncated: purchase_spend_months keeps their running totals'
		USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_no_truncate BEFORE TRUNCATE ON purchases
	FOR EACH STATEMENT EXECUTE FUNCTION purchase_spend_refuse_truncate();
--> statement-breakpoint
INSERT INTO purchase_spend_months (customer_id, month, amount)
	SELECT customer_id, purchase_spend_month(created_at), sum(amount) FROM purchases WHERE status = 'paid' GROUP BY 1, 2;

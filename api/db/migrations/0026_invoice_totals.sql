CREATE TABLE "invoice_totals_months" (
	"customer_id" uuid NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"total" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "invoice_totals_months_customer_id_month_status_kind_pk" PRIMARY KEY("customer_id","month","status","kind")
);
--> statement-breakpoint
ALTER TABLE "invoice_totals_months" ADD CONSTRAINT "invoice_totals_months_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_unpaid_idx" ON "invoices" USING btree ("customer_id","period_start") WHERE "invoices"."kind" = 'invoice' and "invoices"."status" in ('open', 'overdue');--> statement-breakpoint

-- The invoice list's totals as running totals (docs/decisions/134-invoice-running-totals.md): invoices and
-- credit notes summed by business, the month their period starts in, status and kind. The trigger takes
-- back what a row counted before a change and adds what it counts after, and drops a group left empty,
-- so the table always equals `select customer_id, invoice_totals_month(period_start), status, kind,
-- sum(total), count(*) from invoices group by 1, 2, 3, 4`.
CREATE FUNCTION invoice_totals_month(day date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
	SELECT date_trunc('month', day::timestamp)::date
$$;
--> statement-breakpoint
CREATE FUNCTION invoice_totals_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE invoice_totals_months SET total = total - OLD.total, count = count - 1
			WHERE customer_id = OLD.customer_id AND month = invoice_totals_month(OLD.period_start)
				AND status = OLD.status AND kind = OLD.kind;
		DELETE FROM invoice_totals_months
			WHERE customer_id = OLD.customer_id AND month = invoice_totals_month(OLD.period_start)
				AND status = OLD.status AND kind = OLD.kind AND count = 0;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO invoice_totals_months (customer_id, month, status, kind, total, count)
			VALUES (NEW.customer_id, invoice_totals_month(NEW.period_start), NEW.status, NEW.kind, NEW.total, 1)
			ON CONFLICT (customer_id, month, status, kind) DO UPDATE
				SET total = invoice_totals_months.total + EXCLUDED.total, count = invoice_totals_months.count + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_totals AFTER INSERT OR DELETE OR UPDATE OF customer_id, period_start, status, kind, total ON invoices
	FOR EACH ROW EXECUTE FUNCTION invoice_totals_keep();
--> statement-breakpoint
CREATE FUNCTION invoices_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'invoices are not truncated: invoice_totals_months keeps their running totals'
		USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_no_truncate BEFORE TRUNCATE ON invoices
	FOR EACH STATEMENT EXECUTE FUNCTION invoices_refuse_truncate();
--> statement-breakpoint
INSERT INTO invoice_totals_months (customer_id, month, status, kind, total, count)
	SELECT customer_id, invoice_totals_month(period_start), status, kind, sum(total), count(*) FROM invoices GROUP BY 1, 2, 3, 4;

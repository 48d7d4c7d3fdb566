CREATE TABLE "policy_cover_counts" (
	"customer_id" uuid NOT NULL,
	"cover_end" date NOT NULL,
	"product_id" integer NOT NULL,
	"status" text NOT NULL,
	"policies" integer NOT NULL,
	CONSTRAINT "policy_cover_counts_customer_id_cover_end_product_id_status_pk" PRIMARY KEY("customer_id","cover_end","product_id","status")
);
--> statement-breakpoint
ALTER TABLE "policy_cover_counts" ADD CONSTRAINT "policy_cover_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint

-- Policies counted by business, cover end, product and status (docs/decisions/141-cover-counts-and-the-request-path-ceiling.md).
-- The trigger takes back what a row counted before a change and adds what it counts after, and drops a
-- count that reaches nothing, so the table always equals
-- `select customer_id, cover_end, product_id, status, count(*) from policies group by 1, 2, 3, 4`.
CREATE FUNCTION policy_cover_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	left_over integer;
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE policy_cover_counts SET policies = policies - 1
			WHERE customer_id = OLD.customer_id AND cover_end = OLD.cover_end AND product_id = OLD.product_id AND status = OLD.status
			RETURNING policies INTO left_over;
		IF left_over = 0 THEN
			DELETE FROM policy_cover_counts
				WHERE customer_id = OLD.customer_id AND cover_end = OLD.cover_end AND product_id = OLD.product_id AND status = OLD.status
					AND policies = 0;
		END IF;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO policy_cover_counts (customer_id, cover_end, product_id, status, policies)
			VALUES (NEW.customer_id, NEW.cover_end, NEW.product_id, NEW.status, 1)
			ON CONFLICT (customer_id, cover_end, product_id, status) DO UPDATE SET policies = policy_cover_counts.policies + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_cover_counts AFTER INSERT OR DELETE OR UPDATE OF customer_id, cover_end, product_id, status ON policies
	FOR EACH ROW EXECUTE FUNCTION policy_cover_counts_keep();
--> statement-breakpoint
CREATE FUNCTION policy_cover_counts_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'policies are not truncated: policy_cover_counts keeps their counts'
		USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_no_truncate BEFORE TRUNCATE ON policies
	FOR EACH STATEMENT EXECUTE FUNCTION policy_cover_counts_refuse_truncate();
--> statement-breakpoint
INSERT INTO policy_cover_counts (customer_id, cover_end, product_id, status, policies)
	SELECT customer_id, cover_end, product_id, status, count(*) FROM policies GROUP BY 1, 2, 3, 4;

CREATE TABLE "employee_cover" (
	"employee_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"enrolled_on" date NOT NULL,
	"covered_until" date NOT NULL,
	"pending_until" date NOT NULL,
	"any_until" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_cover" (
	"employee_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"until" date NOT NULL,
	CONSTRAINT "place_cover_pk" PRIMARY KEY("employee_id","policy_id")
);
--> statement-breakpoint
CREATE TABLE "plan_cover_counts" (
	"customer_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"until" date NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "plan_cover_counts_pk" PRIMARY KEY("customer_id","policy_id","until")
);
--> statement-breakpoint
CREATE TABLE "staff_cover_counts" (
	"customer_id" uuid NOT NULL,
	"enrolled_on" date NOT NULL,
	"covered_until" date NOT NULL,
	"pending_until" date NOT NULL,
	"any_until" date NOT NULL,
	"employees" integer NOT NULL,
	CONSTRAINT "staff_cover_counts_pk" PRIMARY KEY("customer_id","enrolled_on","covered_until","pending_until","any_until")
);
--> statement-breakpoint
ALTER TABLE "plan_cover_counts" ADD CONSTRAINT "plan_cover_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_cover_counts" ADD CONSTRAINT "staff_cover_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint

-- Home's staff covered, waiting and their plans, counted by the days that decide them
-- (docs/decisions/146-staff-cover-counts.md). `employee_cover` holds each person on a staff plan with their four
-- days, `place_cover` each of their places with its last day; `staff_cover_counts` and `plan_cover_counts` count
-- those rows by business and days (and plan). A change to a place on a plan, to a person's days or to a plan's
-- cover or kind recounts the people it touches: their old rows are taken back from the counts, their new rows
-- added, and a count that reaches nothing is dropped. So each count table always equals counting its rows
-- grouped by all their columns but the person, and the rows always equal what the selects below make of
-- `employees`, `staff` and `policies`.
CREATE FUNCTION staff_cover_recount(people uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	was employee_cover[];
	held place_cover[];
BEGIN
	IF coalesce(cardinality(people), 0) = 0 THEN
		RETURN;
	END IF;
	-- One recount of a person at a time: a concurrent one waits here, then reads what the first wrote.
	PERFORM 1 FROM employees WHERE id = ANY(people) ORDER BY id FOR NO KEY UPDATE;
	WITH gone AS (DELETE FROM employee_cover WHERE employee_id = ANY(people) RETURNING *)
	SELECT array_agg(ROW(g.employee_id, g.customer_id, g.enrolled_on, g.covered_until, g.pending_until, g.any_until)::employee_cover)
		INTO was FROM gone g;
	IF was IS NOT NULL THEN
		UPDATE staff_cover_counts n SET employees = n.employees - o.people
			FROM (SELECT customer_id, enrolled_on, covered_until, pending_until, any_until, count(*)::int AS people
				FROM unnest(was) GROUP BY 1, 2, 3, 4, 5) o
			WHERE n.customer_id = o.customer_id AND n.enrolled_on = o.enrolled_on AND n.covered_until = o.covered_until
				AND n.pending_until = o.pending_until AND n.any_until = o.any_until;
		DELETE FROM staff_cover_counts n USING unnest(was) o
			WHERE n.customer_id = o.customer_id AND n.enrolled_on = o.enrolled_on AND n.covered_until = o.covered_until
				AND n.pending_until = o.pending_until AND n.any_until = o.any_until AND n.employees = 0;
	END IF;
	WITH gone AS (DELETE FROM place_cover WHERE employee_id = ANY(people) RETURNING *)
	SELECT array_agg(ROW(g.employee_id, g.policy_id, g.customer_id, g.until)::place_cover) INTO held FROM gone g;
	IF held IS NOT NULL THEN
		UPDATE plan_cover_counts n SET people = n.people - o.people
			FROM (SELECT customer_id, policy_id, until, count(*)::int AS people FROM unnest(held) GROUP BY 1, 2, 3) o
			WHERE n.customer_id = o.customer_id AND n.policy_id = o.policy_id AND n.until = o.until;
		DELETE FROM plan_cover_counts n USING unnest(held) o
			WHERE n.customer_id = o.customer_id AND n.policy_id = o.policy_id AND n.until = o.until AND n.people = 0;
	END IF;
	-- A place lasts until the plan's cover ends, its own last day, and the person's last day, whichever is first.
	WITH fresh AS (
		INSERT INTO place_cover (employee_id, policy_id, customer_id, until)
		SELECT e.id, s.policy_id, e.customer_id,
			max(least(coalesce(e.leaves_on, 'infinity'::date), coalesce(s.ends_on, 'infinity'::date), p.cover_end))
		FROM employees e
		JOIN staff s ON s.employee_id = e.id AND s.customer_id = e.customer_id
		JOIN policies p ON p.id = s.policy_id AND p.kind = 'plan'
		WHERE e.id = ANY(people)
		GROUP BY e.id, s.policy_id
		RETURNING customer_id, policy_id, until
	)
	INSERT INTO plan_cover_counts (customer_id, policy_id, until, people)
		SELECT customer_id, policy_id, until, count(*) FROM fresh GROUP BY 1, 2, 3
		ON CONFLICT ON CONSTRAINT plan_cover_counts_pk DO UPDATE SET people = plan_cover_counts.people + excluded.people;
	WITH fresh AS (
		INSERT INTO employee_cover (employee_id, customer_id, enrolled_on, covered_until, pending_until, any_until)
		SELECT e.id, e.customer_id, e.enrolled_on,
			least(coalesce(e.leaves_on, 'infinity'::date),
				coalesce(max(least(coalesce(s.ends_on, 'infinity'::date), p.cover_end)) FILTER (WHERE s.status = 'active'), '-infinity'::date)),
			least(coalesce(e.leaves_on, 'infinity'::date),
				coalesce(max(least(coalesce(s.ends_on, 'infinity'::date), p.cover_end)) FILTER (WHERE s.status = 'pending'), '-infinity'::date)),
			least(coalesce(e.leaves_on, 'infinity'::date), max(least(coalesce(s.ends_on, 'infinity'::date), p.cover_end)))
		FROM employees e
		JOIN staff s ON s.employee_id = e.id AND s.customer_id = e.customer_id
		JOIN policies p ON p.id = s.policy_id AND p.kind = 'plan'
		WHERE e.id = ANY(people)
		GROUP BY e.id
		RETURNING customer_id, enrolled_on, covered_until, pending_until, any_until
	)
	INSERT INTO staff_cover_counts (customer_id, enrolled_on, covered_until, pending_until, any_until, employees)
		SELECT customer_id, enrolled_on, covered_until, pending_until, any_until, count(*) FROM fresh GROUP BY 1, 2, 3, 4, 5
		ON CONFLICT ON CONSTRAINT staff_cover_counts_pk DO UPDATE SET employees = staff_cover_counts.employees + excluded.employees;
END
$$;
--> statement-breakpoint
-- Places on plans: once a statement, for the people whose places it added, removed or changed.
CREATE FUNCTION staff_cover_after_staff() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM staff_cover_recount(ARRAY(SELECT DISTINCT employee_id FROM new_rows WHERE employee_id IS NOT NULL));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM staff_cover_recount(ARRAY(SELECT DISTINCT employee_id FROM old_rows WHERE employee_id IS NOT NULL));
	ELSE
		PERFORM staff_cover_recount(ARRAY(
			SELECT person FROM old_rows o JOIN new_rows n ON n.id = o.id
				CROSS JOIN LATERAL (VALUES (o.employee_id), (n.employee_id)) AS people(person)
				WHERE person IS NOT NULL
					AND (o.employee_id, o.customer_id, o.policy_id, o.status, o.ends_on)
						IS DISTINCT FROM (n.employee_id, n.customer_id, n.policy_id, n.status, n.ends_on)
			GROUP BY person));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER staff_cover_insert AFTER INSERT ON staff REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION staff_cover_after_staff();
--> statement-breakpoint
CREATE TRIGGER staff_cover_update AFTER UPDATE ON staff REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION staff_cover_after_staff();
--> statement-breakpoint
CREATE TRIGGER staff_cover_delete AFTER DELETE ON staff REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION staff_cover_after_staff();
--> statement-breakpoint
-- People: a change of the day they join or leave (or of business); one deleted is taken out.
CREATE FUNCTION staff_cover_after_employees() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM staff_cover_recount(ARRAY(SELECT o.id FROM old_rows o JOIN employee_cover c ON c.employee_id = o.id));
	ELSE
		PERFORM staff_cover_recount(ARRAY(
			SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
				WHERE (o.customer_id, o.enrolled_on, o.leaves_on) IS DISTINCT FROM (n.customer_id, n.enrolled_on, n.leaves_on)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER employees_cover_update AFTER UPDATE ON employees REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION staff_cover_after_employees();
--> statement-breakpoint
CREATE TRIGGER employees_cover_delete AFTER DELETE ON employees REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION staff_cover_after_employees();
--> statement-breakpoint
-- Plans: a change of cover end or kind recounts the people with a place on them. (A plan with places is
-- not deleted: the places' foreign key refuses it.)
CREATE FUNCTION staff_cover_after_policies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed uuid[];
BEGIN
	-- The plans first, then their places by index: most updates of policies (a status, a billing date) change
	-- neither, and a transition table has no statistics to keep the planner from reading every place.
	changed := ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
		WHERE (o.kind, o.cover_end) IS DISTINCT FROM (n.kind, n.cover_end));
	IF cardinality(changed) > 0 THEN
		PERFORM staff_cover_recount(ARRAY(SELECT DISTINCT employee_id FROM staff WHERE policy_id = ANY(changed) AND employee_id IS NOT NULL));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER policies_staff_cover_update AFTER UPDATE ON policies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION staff_cover_after_policies();
--> statement-breakpoint
CREATE FUNCTION staff_cover_counts_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is not truncated: staff_cover_counts keeps its counts', TG_TABLE_NAME
		USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER staff_no_truncate BEFORE TRUNCATE ON staff
	FOR EACH STATEMENT EXECUTE FUNCTION staff_cover_counts_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER employees_no_truncate BEFORE TRUNCATE ON employees
	FOR EACH STATEMENT EXECUTE FUNCTION staff_cover_counts_refuse_truncate();
--> statement-breakpoint
SELECT staff_cover_recount(ARRAY(SELECT DISTINCT employee_id FROM staff WHERE employee_id IS NOT NULL));

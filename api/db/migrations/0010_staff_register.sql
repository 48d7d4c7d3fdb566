CREATE TABLE "dependants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"relationship" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"gender" text NOT NULL,
	"photo_document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date,
	"enrolled_on" date NOT NULL,
	"leaves_on" date,
	"leave_kind" text,
	"replaced_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"employee_id" uuid,
	"policy_id" uuid,
	"user_id" uuid,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"effective_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"user_id" uuid,
	"filename" text NOT NULL,
	"rows" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"committed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "custodian_employee_id" uuid;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "custodian_activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "dependant_slots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "employee_id" uuid;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "dependants" ADD CONSTRAINT "dependants_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dependants" ADD CONSTRAINT "dependants_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_events" ADD CONSTRAINT "staff_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_imports" ADD CONSTRAINT "staff_imports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_imports" ADD CONSTRAINT "staff_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dependants_employee_idx" ON "dependants" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_customer_email_idx" ON "employees" USING btree ("customer_id",lower("email"));--> statement-breakpoint
CREATE INDEX "employees_customer_phone_idx" ON "employees" USING btree ("customer_id","phone");--> statement-breakpoint
CREATE INDEX "employees_customer_name_idx" ON "employees" USING btree ("customer_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "employees_customer_enrolled_idx" ON "employees" USING btree ("customer_id","enrolled_on","id");--> statement-breakpoint
CREATE INDEX "staff_events_employee_idx" ON "staff_events" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_events_policy_idx" ON "staff_events" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_imports_customer_idx" ON "staff_imports" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_employee_idx" ON "staff" USING btree ("employee_id");--> statement-breakpoint
-- Backfill (docs/decisions/050): every member of a bought staff plan becomes one employee of its business, matched by email.
INSERT INTO "employees" ("customer_id", "first_name", "last_name", "email", "phone", "gender", "date_of_birth", "enrolled_on", "created_at")
SELECT DISTINCT ON ("customer_id", lower("email")) "customer_id", "first_name", "last_name", lower("email"), "phone", "gender", "date_of_birth",
	(("enrolled_at" AT TIME ZONE 'UTC') + interval '1 hour')::date, "enrolled_at"
FROM "staff" ORDER BY "customer_id", lower("email"), "enrolled_at";--> statement-breakpoint
UPDATE "staff" SET "employee_id" = "employees"."id" FROM "employees"
WHERE "employees"."customer_id" = "staff"."customer_id" AND lower("employees"."email") = lower("staff"."email");

CREATE TABLE "hospitals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"lga" text NOT NULL,
	"address" text NOT NULL,
	"phone" text,
	"source" text NOT NULL,
	CONSTRAINT "hospitals_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "policy_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"staff_id" uuid,
	"kind" text NOT NULL,
	"effective_on" date NOT NULL,
	"to_policy_id" uuid,
	"detail" jsonb,
	"description" text NOT NULL,
	"actor_user_id" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_events" ADD CONSTRAINT "policy_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_events" ADD CONSTRAINT "policy_events_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_events" ADD CONSTRAINT "policy_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_events" ADD CONSTRAINT "policy_events_to_policy_id_policies_id_fk" FOREIGN KEY ("to_policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_events" ADD CONSTRAINT "policy_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hospitals_place_idx" ON "hospitals" USING btree ("state","lga","name");--> statement-breakpoint
CREATE INDEX "hospitals_type_idx" ON "hospitals" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "policy_events_policy_idx" ON "policy_events" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "policy_events_customer_idx" ON "policy_events" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "policy_events_to_policy_idx" ON "policy_events" USING btree ("to_policy_id");
CREATE TABLE "policy_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"about" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "renews_policy_id" uuid;--> statement-breakpoint
ALTER TABLE "policy_notices" ADD CONSTRAINT "policy_notices_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_notices_once_idx" ON "policy_notices" USING btree ("policy_id","kind","about");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_renews_policy_id_policies_id_fk" FOREIGN KEY ("renews_policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_renews_policy_idx" ON "purchases" USING btree ("renews_policy_id");
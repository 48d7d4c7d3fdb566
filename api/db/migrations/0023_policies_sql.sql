CREATE INDEX "policies_customer_cover_end_idx" ON "policies" USING btree ("customer_id","cover_end");--> statement-breakpoint
CREATE INDEX "policies_pending_idx" ON "policies" USING btree ("customer_id","created_at") WHERE "policies"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "employees_customer_leaves_idx" ON "employees" USING btree ("customer_id","leaves_on") WHERE "employees"."leaves_on" is not null;--> statement-breakpoint
CREATE INDEX "claims_awaiting_idx" ON "claims" USING btree ("customer_id","updated_at") WHERE "claims"."status" in ('pending', 'offer_sent');
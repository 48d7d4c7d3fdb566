DROP INDEX "invoices_customer_idx";--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "billed_through" date;--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" USING btree ("customer_id","period_start","number","id");
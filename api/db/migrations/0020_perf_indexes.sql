CREATE INDEX "payments_purchase_idx" ON "payments" USING btree ("purchase_id");--> statement-breakpoint
-- Hand-written (decision 119): trigram indexes for the staff search, which matches anywhere in a name,
-- an email or a phone number (like '%...%'). PGlite loads pg_trgm in api/db/client.ts; PostgreSQL ships it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employees_name_trgm_idx" ON "employees" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employees_email_trgm_idx" ON "employees" USING gin ((lower("email")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employees_phone_trgm_idx" ON "employees" USING gin ("phone" gin_trgm_ops);

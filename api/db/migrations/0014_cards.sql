ALTER TABLE "payments" ALTER COLUMN "authorization_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ALTER COLUMN "callback_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: cards saved before this migration get the email of the first payer of their customer's
-- successful payments, the email the gateway most likely knows the card by (saveCard records it from now on).
UPDATE "cards" SET "email" = (
	SELECT "users"."email" FROM "payments" JOIN "users" ON "users"."id" = "payments"."user_id"
	WHERE "payments"."customer_id" = "cards"."customer_id" AND "payments"."status" = 'success'
	ORDER BY "payments"."paid_at" NULLS LAST, "payments"."created_at" LIMIT 1
) WHERE "email" IS NULL;

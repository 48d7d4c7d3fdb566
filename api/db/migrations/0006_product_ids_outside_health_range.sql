-- Breakdown (37) and delivery cover (38) leave ids 28 to 39, which spec section 9 gives the health plans
-- (docs/decisions/026-product-ids.md): they become 40 and 41, in purchases (with the quote input kept
-- with each) and policies. Staff lists hold health plans only.
UPDATE "purchases" SET "product_id" = CASE "product_id" WHEN 37 THEN 40 ELSE 41 END,
	"input" = jsonb_set("input", '{product_id}', to_jsonb(CASE "product_id" WHEN 37 THEN 40 ELSE 41 END))
	WHERE "product_id" IN (37, 38);--> statement-breakpoint
UPDATE "policies" SET "product_id" = CASE "product_id" WHEN 37 THEN 40 ELSE 41 END WHERE "product_id" IN (37, 38);

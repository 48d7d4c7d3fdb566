-- The ledger's clock (docs/decisions/158-demo-history-in-time.md). A transfer and its entries are
-- stamped with their transaction's start, as before, unless the transaction set `ledger.seed_time`
-- (set_config(..., true): for that transaction alone). The demo's seed does, so that money it writes
-- for a day a year ago is dated that day. A time in the future is not taken: the stamp is never later
-- than the transaction's start.
CREATE FUNCTION ledger_now() RETURNS timestamptz LANGUAGE sql STABLE AS $$
	SELECT least(coalesce(nullif(current_setting('ledger.seed_time', true), '')::timestamptz, now()), now())
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_stamp_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.created_at := ledger_now();
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entry_joins_new_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM ledger_transfers WHERE id = NEW.transfer_id AND created_at = ledger_now()) THEN
		RAISE EXCEPTION 'entries are written with their transfer, in its transaction (transfer %)', NEW.transfer_id
			USING ERRCODE = 'restrict_violation';
	END IF;
	NEW.created_at := ledger_now();
	RETURN NEW;
END
$$;

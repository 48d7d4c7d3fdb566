-- Guards of the ledger that drizzle-kit cannot declare (decision 012).

-- Entries and transfers are written once: never updated, deleted or truncated. A mistake is undone
-- by a new transfer.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
		USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
	FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
	FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
	FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
	FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint

-- A transfer is stamped with its transaction's start time, and entries may only join a transfer
-- written by the same transaction: a transfer's entries are all written together.
CREATE FUNCTION ledger_stamp_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.created_at := now();
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_stamp BEFORE INSERT ON ledger_transfers
	FOR EACH ROW EXECUTE FUNCTION ledger_stamp_transfer();
--> statement-breakpoint
CREATE FUNCTION ledger_entry_joins_new_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM ledger_transfers WHERE id = NEW.transfer_id AND created_at = now()) THEN
		RAISE EXCEPTION 'entries are written with their transfer, in its transaction (transfer %)', NEW.transfer_id
			USING ERRCODE = 'restrict_violation';
	END IF;
	NEW.created_at := now();
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_with_transfer BEFORE INSERT ON ledger_entries
	FOR EACH ROW EXECUTE FUNCTION ledger_entry_joins_new_transfer();
--> statement-breakpoint

-- An account's balance is the sum of its entries: each entry adds itself, in the same transaction, and
-- nothing else may change it. The accounts' CHECK then refuses a wallet going below zero.
CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
	FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
--> statement-breakpoint
CREATE FUNCTION ledger_guard_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		IF NEW.balance <> 0 THEN
			RAISE EXCEPTION 'a ledger account opens with a balance of 0' USING ERRCODE = 'restrict_violation';
		END IF;
		RETURN NEW;
	END IF;
	IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
		RAISE EXCEPTION 'a ledger account keeps its kind and owner' USING ERRCODE = 'restrict_violation';
	END IF;
	-- Depth 1 is a statement on the table itself; the entries' trigger updates at depth 2.
	IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
		RAISE EXCEPTION 'a ledger balance changes only by inserting entries' USING ERRCODE = 'restrict_violation';
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE ON ledger_accounts
	FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();
--> statement-breakpoint

-- When the transaction commits, every transfer it wrote has two or more entries summing to zero.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	transfer uuid;
	entry_count integer;
	total numeric;
BEGIN
	IF TG_TABLE_NAME = 'ledger_transfers' THEN
		transfer := NEW.id;
	ELSE
		transfer := NEW.transfer_id;
	END IF;
	SELECT count(*), coalesce(sum(amount), 0) INTO entry_count, total FROM ledger_entries WHERE transfer_id = transfer;
	IF entry_count < 2 OR total <> 0 THEN
		RAISE EXCEPTION 'ledger transfer % does not balance: % entries summing to %', transfer, entry_count, total
			USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transfer_balanced';
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transfers_balanced AFTER INSERT ON ledger_transfers
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint

-- The insurer's own accounts, one of each.
INSERT INTO ledger_accounts (kind) VALUES ('gateway_clearing'), ('payouts_in_transit'), ('premium_income'), ('fees');

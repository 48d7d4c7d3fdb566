import { formatNairaFull } from '../contract/money.ts'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { OPEN_WITHDRAWAL_STATUSES } from '../domain/withdrawals.ts'
import { PENDING_MAX_AGE_MS } from '../jobs/recovery.ts'

async function rows<T>(db: Db, query: SQL) {
	return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

const n = (value: unknown) => Number(value)

/** Which ledger transfers a withdrawal in each status has: [debits, settlements, reversals]. */
const EXPECTED_TRANSFERS: Record<string, (s: number, r: number) => boolean> = {
	awaiting_otp: (s, r) => s === 0 && r === 0,
	awaiting_approval: (s, r) => s === 0 && r === 0,
	processing: (s, r) => s === 0 && r === 0,
	succeeded: (s, r) => s === 1 && r === 0,
	// A payout that bounced after it was paid has both.
	failed: (s, r) => s <= 1 && r === 1,
	cancelled: (s, r) => s === 0 && r === 1,
}

/** Which ledger transfers a claim's bank payout in each status has: [settlements, reversals], after its one debit. */
const CLAIM_PAYOUT_TRANSFERS: Record<string, [number, number]> = {
	processing: [0, 0],
	succeeded: [1, 0],
	failed: [0, 1],
	reversed: [1, 1],
}

/**
 * Check the whole ledger: every balance equals the sum of its entries, every transfer has two or more
 * entries summing to zero, no wallet is below zero, all balances sum to zero, each successful payment
 * was credited exactly once with its amount, no payment is still pending when the recovery job should
 * have settled it, each withdrawal and each claim's bank payout has the transfers its status implies,
 * and no claim was paid twice.
 */
export async function reconcile(db: Db, now = new Date()) {
	const problems: string[] = []
	const [counts] = await rows<{ accounts: number; transfers: number; entries: number; total: string }>(
		db,
		sql`select (select count(*) from ledger_accounts) as accounts, (select count(*) from ledger_transfers) as transfers,
			(select count(*) from ledger_entries) as entries, (select coalesce(sum(balance), 0) from ledger_accounts) as total`,
	)
	for (const a of await rows<{ id: string; kind: string; customer_id: string | null; balance: string; sum: string }>(
		db,
		sql`select a.id, a.kind, a.customer_id, a.balance, coalesce(sum(e.amount), 0) as sum
			from ledger_accounts a left join ledger_entries e on e.account_id = a.id
			group by a.id having a.balance <> coalesce(sum(e.amount), 0) order by a.kind, a.id`,
	)) {
		const name = a.customer_id ? `wallet of customer ${a.customer_id}` : a.kind
		problems.push(
			`account ${a.id} (${name}): balance ${n(a.balance)} but its entries sum to ${n(a.sum)} (difference ${n(a.balance) - n(a.sum)})`,
		)
	}
	for (const t of await rows<{ id: string; key: string; entries: number; sum: string }>(
		db,
		sql`select t.id, t.idempotency_key as key, count(e.id) as entries, coalesce(sum(e.amount), 0) as sum
			from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
			group by t.id having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0 order by t.created_at`,
	)) {
		problems.push(`transfer ${t.id} (${t.key}): ${n(t.entries)} entries summing to ${n(t.sum)}`)
	}
	for (const a of await rows<{ id: string; kind: string; balance: string }>(
		db,
		sql`select id, kind, balance from ledger_accounts where kind not in ('gateway_clearing', 'claims_expense', 'referral_rewards') and balance < 0`,
	)) {
		problems.push(`account ${a.id} (${a.kind}) is below zero: ${n(a.balance)}`)
	}
	if (n(counts!.total) !== 0) problems.push(`all balances sum to ${n(counts!.total)}, not 0: Naira were created or lost`)
	for (const p of await rows<{ reference: string; status: string; amount: number; credits: number; credited: string | null }>(
		db,
		sql`select p.reference, p.status, p.amount, count(t.id) as credits, max(e.amount) as credited
			from payments p
			left join ledger_transfers t on t.kind = (case when p.purpose in ('purchase', 'invoice') then 'premium' else 'funding' end) and t.reference = p.reference
			left join ledger_entries e on e.transfer_id = t.id and e.amount > 0
			group by p.id
			having count(t.id) <> (case when p.status = 'success' then 1 else 0 end) or (count(t.id) = 1 and max(e.amount) <> p.amount)`,
	)) {
		problems.push(
			`payment ${p.reference} (${p.status}, ${formatNairaFull(p.amount)}): credited ${n(p.credits)} times${p.credited ? ` with ${formatNairaFull(n(p.credited))}` : ''}`,
		)
	}
	const minutes = PENDING_MAX_AGE_MS / 60_000
	for (const p of await rows<{ reference: string; amount: number; created_at: string | Date }>(
		db,
		sql`select reference, amount, created_at from payments
			where status = 'pending' and created_at < ${new Date(now.getTime() - PENDING_MAX_AGE_MS)} order by created_at`,
	)) {
		problems.push(
			`payment ${p.reference} (${formatNairaFull(p.amount)}) has been pending since ${new Date(p.created_at).toISOString()}, more than ${minutes} minutes: the gateway was not asked, or did not answer`,
		)
	}
	for (const p of await rows<{
		id: string
		status: string
		amount: number
		option: string
		premiums: number
		paid: string | null
		policies: number
	}>(
		db,
		sql`select p.id, p.status, p.amount, p.payment_option as option,
				count(distinct t.id) as premiums, max(e.amount) as paid, count(distinct pol.id) as policies
			from purchases p
			left join ledger_transfers t on t.id = p.transfer_id and t.kind = 'premium'
			left join ledger_entries e on e.transfer_id = t.id and e.amount > 0
			left join policies pol on pol.purchase_id = p.id
			group by p.id`,
	)) {
		const paid = p.status === 'paid'
		const premiums = n(p.premiums)
		const policies = n(p.policies)
		const expected = paid
			? premiums === 1 && n(p.paid) === p.amount && policies === 1
			: premiums === 0 && policies === (p.status === 'subscribed' ? 1 : 0)
		if (!expected) {
			problems.push(
				`purchase ${p.id} (${p.status}, ${p.option}, ${formatNairaFull(p.amount)}): ${premiums} premium transfers${p.paid ? ` of ${formatNairaFull(n(p.paid))}` : ''}, ${policies} policies`,
			)
		}
	}
	// Invoices against what paid them (docs/decisions/095): a paid invoice got exactly its total, an
	// unpaid one less; every payment of an invoice is a transfer of its amount to premium income.
	for (const i of await rows<{ number: string; status: string; total: number; paid: string; transferred: string; payments: number }>(
		db,
		sql`select i.number, i.status, i.total, coalesce(sum(ip.amount), 0) as paid, count(ip.id) as payments,
				coalesce(sum((select abs(e.amount) from ledger_entries e join ledger_accounts a on a.id = e.account_id
					where e.transfer_id = ip.transfer_id and a.kind = 'premium_income')), 0) as transferred
			from invoices i left join invoice_payments ip on ip.invoice_id = i.id
			where i.status <> 'draft'
			group by i.id`,
	)) {
		const paid = n(i.paid)
		const expected = i.status === 'paid' ? paid === i.total : i.status === 'void' ? paid === 0 : paid < i.total
		if (!expected || n(i.transferred) !== paid) {
			problems.push(
				`invoice ${i.number} (${i.status}, ${formatNairaFull(i.total)}): ${n(i.payments)} payments of ${formatNairaFull(paid)}, ledger moved ${formatNairaFull(n(i.transferred))}`,
			)
		}
	}
	// The invoice list's running totals (decision 134) against the invoices they sum.
	for (const t of await rows<{
		customer_id: string
		month: string
		status: string
		kind: string
		kept: string | null
		summed: string | null
	}>(
		db,
		sql`select coalesce(g.customer_id, t.customer_id) as customer_id, coalesce(g.month, t.month)::text as month,
				coalesce(g.status, t.status) as status, coalesce(g.kind, t.kind) as kind,
				t.total || ' in ' || t.count as kept, g.total || ' in ' || g.count as summed
			from (select customer_id, invoice_totals_month(period_start) as month, status, kind, sum(total) as total, count(*) as count
				from invoices group by 1, 2, 3, 4) as g
			full join invoice_totals_months t on t.customer_id = g.customer_id and t.month = g.month and t.status = g.status and t.kind = g.kind
			where g.total is distinct from t.total or g.count is distinct from t.count`,
	)) {
		problems.push(
			`invoice totals of ${t.customer_id} for ${t.month.slice(0, 7)} (${t.status} ${t.kind}): kept ${t.kept ?? 'nothing'}, the invoices sum to ${t.summed ?? 'nothing'}`,
		)
	}
	let inTransit = 0
	for (const w of await rows<{ reference: string; status: string; amount: number; debits: number; settlements: number; reversals: number }>(
		db,
		sql`select w.reference, w.status, w.amount,
				count(t.id) filter (where t.kind = 'withdrawal') as debits,
				count(t.id) filter (where t.kind = 'withdrawal_settlement') as settlements,
				count(t.id) filter (where t.kind = 'withdrawal_reversal') as reversals
			from withdrawals w left join ledger_transfers t on t.customer_id = w.customer_id and t.reference = w.reference
			group by w.id`,
	)) {
		const [d, s, r] = [n(w.debits), n(w.settlements), n(w.reversals)]
		if (d !== 1 || !EXPECTED_TRANSFERS[w.status]?.(s, r)) {
			problems.push(`withdrawal ${w.reference} (${w.status}): ${d} debits, ${s} settlements, ${r} reversals`)
		}
		if ((OPEN_WITHDRAWAL_STATUSES as readonly string[]).includes(w.status)) inTransit += w.amount
	}
	for (const p of await rows<{ reference: string; status: string; amount: number; debits: number; settlements: number; reversals: number }>(
		db,
		sql`select p.reference, p.status, p.amount,
				count(t.id) filter (where t.kind = 'claim_bank_payout') as debits,
				count(t.id) filter (where t.kind = 'claim_payout_settlement') as settlements,
				count(t.id) filter (where t.kind = 'claim_payout_reversal') as reversals
			from claim_payouts p left join ledger_transfers t on t.customer_id = p.customer_id and t.reference = p.reference
			group by p.id`,
	)) {
		const [s, r] = CLAIM_PAYOUT_TRANSFERS[p.status] ?? [-1, -1]
		if (n(p.debits) !== 1 || n(p.settlements) !== s || n(p.reversals) !== r) {
			problems.push(
				`claim payout ${p.reference} (${p.status}): ${n(p.debits)} debits, ${n(p.settlements)} settlements, ${n(p.reversals)} reversals`,
			)
		}
		if (p.status === 'processing') inTransit += p.amount
	}
	// A claim is paid once: into the wallet, or by one bank payout that the bank kept.
	for (const c of await rows<{ claim_number: string; wallet: number; bank: number }>(
		db,
		sql`select c.claim_number,
				(select count(*) from ledger_transfers t where t.idempotency_key = 'claim:' || c.id || ':payout') as wallet,
				(select count(*) from claim_payouts p where p.claim_id = c.id and p.status in ('processing', 'succeeded')) as bank
			from claims c where c.payout_method is not null`,
	)) {
		if (n(c.wallet) + n(c.bank) > 1) problems.push(`claim ${c.claim_number} paid ${n(c.wallet) + n(c.bank)} times`)
	}
	const [transit] = await rows<{ balance: string }>(db, sql`select balance from ledger_accounts where kind = 'payouts_in_transit'`)
	if (transit && n(transit.balance) !== inTransit) {
		problems.push(`payouts in transit hold ${n(transit.balance)} but the withdrawals and claim payouts under way add up to ${inTransit}`)
	}
	return { accounts: n(counts!.accounts), transfers: n(counts!.transfers), entries: n(counts!.entries), problems }
}

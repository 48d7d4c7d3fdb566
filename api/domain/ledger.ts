import type { AccountKind, SystemAccount, TransferKind } from '../contract/ledger.ts'
import { formatNairaFull } from '../contract/money.ts'
/**
 * The ledger's rules, without I/O. Amounts are integer Naira. Balances are credit-positive: what the
 * insurer owes (wallets, payouts in transit) and has earned (premium income, fees) is positive; the
 * gateway clearing account, money the gateway holds for the insurer, is negative. Every transfer's
 * entries sum to zero, so all balances together always sum to zero.
 */

/** A wallet is its customer's; every other account exists once. */
export type AccountRef = { kind: 'wallet'; customerId: string } | { kind: SystemAccount }
export type Entry = { account: AccountRef; amount: number }

export type TransferDraft = {
	kind: TransferKind
	/** Unique across the ledger: the same key never moves money twice. */
	idempotencyKey: string
	customerId: string
	/** The payment or withdrawal reference the transfer belongs to. */
	reference: string
	description: string
	entries: Entry[]
}

/** Default ceilings; WALLET_FUND_MAX and WITHDRAWAL_APPROVAL_THRESHOLD override them. */
export const FUND_MAX_DEFAULT = 5_000_000
export const APPROVAL_THRESHOLD_DEFAULT = 1_000_000

/** Only wallets and payouts in transit hold money that can run out; the database enforces the same. */
export const mayGoNegative = (kind: AccountKind) => kind === 'gateway_clearing' || kind === 'claims_expense' || kind === 'referral_rewards'

export const accountKey = (account: AccountRef) => (account.kind === 'wallet' ? `wallet:${account.customerId}` : account.kind)
const wallet = (customerId: string): AccountRef => ({ kind: 'wallet', customerId })

/**
 * What a withdrawal costs on top of its amount: the gateway's transfer fee, passed on. ₦10 up to
 * ₦5,000, ₦25 up to ₦50,000, ₦50 above.
 */
export function withdrawalFee(amount: number) {
	if (amount <= 5_000) return 10
	if (amount <= 50_000) return 25
	return 50
}

export type TransferCheck = { ok: true } | { ok: false; reason: string }

/** Two or more entries, each a non-zero whole number of Naira on a different account, summing to zero. */
export function checkEntries(entries: readonly Entry[]): TransferCheck {
	if (entries.length < 2) return { ok: false, reason: 'a transfer needs at least two entries' }
	const seen = new Set<string>()
	let sum = 0
	for (const entry of entries) {
		if (!Number.isSafeInteger(entry.amount)) return { ok: false, reason: `${entry.amount} is not a whole number of Naira` }
		if (entry.amount === 0) return { ok: false, reason: 'an entry of ₦0 moves nothing' }
		const key = accountKey(entry.account)
		if (seen.has(key)) return { ok: false, reason: `${key} appears twice` }
		seen.add(key)
		sum += entry.amount
	}
	if (sum !== 0) return { ok: false, reason: `the entries sum to ${sum}, not 0` }
	return { ok: true }
}

/** Drops zero entries and merges entries on one account, so a built transfer always passes checkEntries. */
function tidy(entries: Entry[]): Entry[] {
	const merged = new Map<string, Entry>()
	for (const entry of entries) {
		const key = accountKey(entry.account)
		const existing = merged.get(key)
		merged.set(key, { account: entry.account, amount: (existing?.amount ?? 0) + entry.amount })
	}
	return [...merged.values()].filter((e) => e.amount !== 0)
}

function assertAmount(amount: number, what: string) {
	if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`${what} must be a positive whole number of Naira, not ${amount}`)
}

/** A payment the gateway collected becomes wallet money. */
export function fundingTransfer(input: { customerId: string; amount: number; reference: string }): TransferDraft {
	assertAmount(input.amount, 'A funding')
	return {
		kind: 'funding',
		idempotencyKey: `funding:${input.reference}`,
		customerId: input.customerId,
		reference: input.reference,
		description: `Wallet funded with ${formatNairaFull(input.amount)}`,
		entries: [
			{ account: { kind: 'gateway_clearing' }, amount: -input.amount },
			{ account: wallet(input.customerId), amount: input.amount },
		],
	}
}

export type WithdrawalFacts = { id: string; customerId: string; amount: number; fee: number; reference: string }

/** The wallet pays the amount and the fee at once; the amount waits in payouts in transit. */
export function withdrawalTransfer(w: WithdrawalFacts): TransferDraft {
	assertAmount(w.amount, 'A withdrawal')
	if (!Number.isSafeInteger(w.fee) || w.fee < 0) throw new RangeError(`A fee must be a whole number of Naira, not ${w.fee}`)
	return {
		kind: 'withdrawal',
		idempotencyKey: `withdrawal:${w.id}`,
		customerId: w.customerId,
		reference: w.reference,
		description: `Withdrawal of ${formatNairaFull(w.amount)}`,
		entries: tidy([
			{ account: wallet(w.customerId), amount: -(w.amount + w.fee) },
			{ account: { kind: 'payouts_in_transit' }, amount: w.amount },
			{ account: { kind: 'fees' }, amount: w.fee },
		]),
	}
}

/** The gateway paid the bank: the money leaves payouts in transit and the gateway's balance. */
export function settlementTransfer(w: WithdrawalFacts): TransferDraft {
	return {
		kind: 'withdrawal_settlement',
		idempotencyKey: `withdrawal:${w.id}:settlement`,
		customerId: w.customerId,
		reference: w.reference,
		description: `Withdrawal of ${formatNairaFull(w.amount)} paid out`,
		entries: [
			{ account: { kind: 'payouts_in_transit' }, amount: -w.amount },
			{ account: { kind: 'gateway_clearing' }, amount: w.amount },
		],
	}
}

/** A premium paid from the wallet: the insurer earns it. The purchase flow posts it. */
export function premiumTransfer(input: { customerId: string; amount: number; reference: string }): TransferDraft {
	assertAmount(input.amount, 'A premium')
	return {
		kind: 'premium',
		idempotencyKey: `premium:${input.reference}`,
		customerId: input.customerId,
		reference: input.reference,
		description: `Premium of ${formatNairaFull(input.amount)} paid from the wallet`,
		entries: [
			{ account: wallet(input.customerId), amount: -input.amount },
			{ account: { kind: 'premium_income' }, amount: input.amount },
		],
	}
}

/** A premium paid by card at the checkout: the insurer earns what the gateway collected, no wallet between. */
export function gatewayPremiumTransfer(input: { customerId: string; amount: number; reference: string }): TransferDraft {
	assertAmount(input.amount, 'A premium')
	return {
		kind: 'premium',
		idempotencyKey: `premium:${input.reference}`,
		customerId: input.customerId,
		reference: input.reference,
		description: `Premium of ${formatNairaFull(input.amount)} paid by card`,
		entries: [
			{ account: { kind: 'gateway_clearing' }, amount: -input.amount },
			{ account: { kind: 'premium_income' }, amount: input.amount },
		],
	}
}

/** An accepted offer: the insurer owes the payable amount (docs/decisions/070-claim-payouts.md). */
export function claimReserveTransfer(input: { claimId: string; customerId: string; amount: number; reference: string }): TransferDraft {
	assertAmount(input.amount, 'A claim payout')
	return {
		kind: 'claim_reserve',
		idempotencyKey: `claim:${input.claimId}:reserve`,
		customerId: input.customerId,
		reference: input.reference,
		description: `Claim ${input.reference}: ${formatNairaFull(input.amount)} owed`,
		entries: [
			{ account: { kind: 'claims_expense' }, amount: -input.amount },
			{ account: { kind: 'claims_payable' }, amount: input.amount },
		],
	}
}

/** The claim is paid into the customer's wallet, from what the insurer owes. Once per claim. */
export function claimPayoutTransfer(input: { claimId: string; customerId: string; amount: number; reference: string }): TransferDraft {
	assertAmount(input.amount, 'A claim payout')
	return {
		kind: 'claim_payout',
		idempotencyKey: `claim:${input.claimId}:payout`,
		customerId: input.customerId,
		reference: input.reference,
		description: `Claim ${input.reference} paid: ${formatNairaFull(input.amount)}`,
		entries: [
			{ account: { kind: 'claims_payable' }, amount: -input.amount },
			{ account: wallet(input.customerId), amount: input.amount },
		],
	}
}

export type ClaimBankPayoutFacts = { id: string; customerId: string; amount: number; reference: string }

/**
 * A claim paid by bank transfer (docs/decisions/108-claim-bank-payouts.md): what the insurer owes
 * waits in payouts in transit while the gateway pays the bank. Keyed by the payout attempt, so a
 * refused attempt and a new one are two transfers, each once.
 */
export function claimBankPayoutTransfer(p: ClaimBankPayoutFacts): TransferDraft {
	assertAmount(p.amount, 'A claim payout')
	return {
		kind: 'claim_bank_payout',
		idempotencyKey: `claim_payout:${p.id}`,
		customerId: p.customerId,
		reference: p.reference,
		description: `Claim payout of ${formatNairaFull(p.amount)} sent to the bank`,
		entries: [
			{ account: { kind: 'claims_payable' }, amount: -p.amount },
			{ account: { kind: 'payouts_in_transit' }, amount: p.amount },
		],
	}
}

/** A referral's reward paid into the referrer's wallet, spent from the insurer's referral rewards. Once per referral (decision 112). */
export function referralRewardTransfer(input: {
	referralId: string
	customerId: string
	amount: number
	reference: string
}): TransferDraft {
	assertAmount(input.amount, 'A referral reward')
	return {
		kind: 'referral_reward',
		idempotencyKey: `referral:${input.referralId}:reward`,
		customerId: input.customerId,
		reference: input.reference,
		description: `Referral reward ${input.reference}: ${formatNairaFull(input.amount)}`,
		entries: [
			{ account: { kind: 'referral_rewards' }, amount: -input.amount },
			{ account: wallet(input.customerId), amount: input.amount },
		],
	}
}

/** The gateway paid the claimant's bank: the money leaves payouts in transit and the gateway's balance. */
export function claimPayoutSettlementTransfer(p: ClaimBankPayoutFacts): TransferDraft {
	return {
		kind: 'claim_payout_settlement',
		idempotencyKey: `claim_payout:${p.id}:settlement`,
		customerId: p.customerId,
		reference: p.reference,
		description: `Claim payout of ${formatNairaFull(p.amount)} paid to the bank`,
		entries: [
			{ account: { kind: 'payouts_in_transit' }, amount: -p.amount },
			{ account: { kind: 'gateway_clearing' }, amount: p.amount },
		],
	}
}

/** The bank refused the transfer, or sent it back after it was paid: the insurer owes the claim again. */
export function claimPayoutReversalTransfer(p: ClaimBankPayoutFacts, settled: boolean): TransferDraft {
	const undone = [claimBankPayoutTransfer(p).entries]
	if (settled) undone.push(claimPayoutSettlementTransfer(p).entries)
	return {
		kind: 'claim_payout_reversal',
		idempotencyKey: `claim_payout:${p.id}:reversal`,
		customerId: p.customerId,
		reference: p.reference,
		description: `Claim payout of ${formatNairaFull(p.amount)} returned by the bank: owed again`,
		entries: opposite(...undone),
	}
}

/** The exact opposite of some entries, merged by account. */
export function opposite(...entrySets: Entry[][]): Entry[] {
	return tidy(entrySets.flat().map((e) => ({ account: e.account, amount: -e.amount })))
}

/**
 * A withdrawal that failed, was cancelled, or bounced after it was paid: a new transfer undoes the
 * debit (and the settlement, when there was one), so the wallet gets the amount and the fee back.
 */
export function reversalTransfer(w: WithdrawalFacts, settled: boolean): TransferDraft {
	const undone = [withdrawalTransfer(w).entries]
	if (settled) undone.push(settlementTransfer(w).entries)
	return {
		kind: 'withdrawal_reversal',
		idempotencyKey: `withdrawal:${w.id}:reversal`,
		customerId: w.customerId,
		reference: w.reference,
		description: `Withdrawal of ${formatNairaFull(w.amount)} reversed: ${formatNairaFull(w.amount + w.fee)} back to the wallet`,
		entries: opposite(...undone),
	}
}

/** Balances after some entries, and the accounts that went below zero where they may not. */
export function applyEntries(balances: ReadonlyMap<string, number>, entries: readonly Entry[]) {
	const next = new Map(balances)
	for (const entry of entries) next.set(accountKey(entry.account), (next.get(accountKey(entry.account)) ?? 0) + entry.amount)
	const overdrawn = entries
		.filter((e) => !mayGoNegative(e.account.kind) && (next.get(accountKey(e.account)) ?? 0) < 0)
		.map((e) => accountKey(e.account))
	return { balances: next, overdrawn }
}

/** The gateway's minor unit. */
export const nairaToKobo = (naira: number) => {
	assertAmount(naira, 'An amount')
	return naira * 100
}
/** Kobo to Naira; null when the amount has kobo, which the ledger does not hold. */
export const koboToNaira = (kobo: number) => (Number.isSafeInteger(kobo) && kobo % 100 === 0 ? kobo / 100 : null)

/** A credit note returns premium the insurer earned to the business's wallet, once per credit note. */
export function premiumRefundTransfer(input: {
	creditNoteId: string
	customerId: string
	amount: number
	reference: string
}): TransferDraft {
	assertAmount(input.amount, 'A credit')
	return {
		kind: 'premium_refund',
		idempotencyKey: `premium_refund:${input.creditNoteId}`,
		customerId: input.customerId,
		reference: input.reference,
		description: `Credit note ${input.reference}: ${formatNairaFull(input.amount)} back to the wallet`,
		entries: [
			{ account: { kind: 'premium_income' }, amount: -input.amount },
			{ account: wallet(input.customerId), amount: input.amount },
		],
	}
}

import { describe, expect, test } from 'vitest'
import {
	applyEntries,
	checkEntries,
	claimBankPayoutTransfer,
	claimPayoutReversalTransfer,
	claimPayoutSettlementTransfer,
	fundingTransfer,
	koboToNaira,
	nairaToKobo,
	opposite,
	premiumTransfer,
	reversalTransfer,
	settlementTransfer,
	withdrawalFee,
	withdrawalTransfer,
} from './ledger.ts'

const customerId = 'c1'
const w = { id: 'w1', customerId, amount: 5_000, fee: 10, reference: 'wd_1' }
const amounts = (entries: { account: { kind: string }; amount: number }[]) => entries.map((e) => [e.account.kind, e.amount])

describe('the ledger rules', () => {
	test('funding moves money from gateway clearing into the wallet', () => {
		const t = fundingTransfer({ customerId, amount: 7_500, reference: 'fund_1' })
		expect(t).toMatchObject({
			kind: 'funding',
			idempotencyKey: 'funding:fund_1',
			customerId,
			reference: 'fund_1',
			description: 'Wallet funded with ₦7,500',
		})
		expect(amounts(t.entries)).toEqual([
			['gateway_clearing', -7_500],
			['wallet', 7_500],
		])
		expect(checkEntries(t.entries)).toEqual({ ok: true })
	})

	test('a withdrawal takes the amount and the fee from the wallet; the amount waits in transit, the fee is earned', () => {
		const t = withdrawalTransfer(w)
		expect(t.idempotencyKey).toBe('withdrawal:w1')
		expect(amounts(t.entries)).toEqual([
			['wallet', -5_010],
			['payouts_in_transit', 5_000],
			['fees', 10],
		])
		expect(amounts(withdrawalTransfer({ ...w, fee: 0 }).entries)).toEqual([
			['wallet', -5_000],
			['payouts_in_transit', 5_000],
		])
	})

	test('settlement empties payouts in transit into the gateway; a reversal undoes exactly what was done', () => {
		expect(amounts(settlementTransfer(w).entries)).toEqual([
			['payouts_in_transit', -5_000],
			['gateway_clearing', 5_000],
		])
		const before = reversalTransfer(w, false)
		expect(before).toMatchObject({ kind: 'withdrawal_reversal', idempotencyKey: 'withdrawal:w1:reversal' })
		expect(before.description).toBe('Withdrawal of ₦5,000 reversed: ₦5,010 back to the wallet')
		expect(amounts(before.entries)).toEqual([
			['wallet', 5_010],
			['payouts_in_transit', -5_000],
			['fees', -10],
		])
		// After settlement, payouts in transit nets out: the gateway gives the amount back.
		expect(amounts(reversalTransfer(w, true).entries)).toEqual([
			['wallet', 5_010],
			['fees', -10],
			['gateway_clearing', -5_000],
		])
	})

	test('a premium paid from the wallet is premium income', () => {
		expect(amounts(premiumTransfer({ customerId, amount: 12_000, reference: 'pol_1' }).entries)).toEqual([
			['wallet', -12_000],
			['premium_income', 12_000],
		])
	})

	test.each([
		[100, 10],
		[5_000, 10],
		[5_001, 25],
		[50_000, 25],
		[50_001, 50],
		[5_000_000, 50],
	])('the fee of a withdrawal of ₦%i is ₦%i', (amount, fee) => {
		expect(withdrawalFee(amount)).toBe(fee)
	})

	test('checkEntries refuses what does not balance', () => {
		const wallet = { kind: 'wallet' as const, customerId }
		const fees = { kind: 'fees' as const }
		expect(checkEntries([{ account: wallet, amount: 5 }])).toEqual({ ok: false, reason: 'a transfer needs at least two entries' })
		expect(
			checkEntries([
				{ account: wallet, amount: 5 },
				{ account: fees, amount: -4 },
			]),
		).toEqual({ ok: false, reason: 'the entries sum to 1, not 0' })
		expect(
			checkEntries([
				{ account: wallet, amount: 0.5 },
				{ account: fees, amount: -0.5 },
			]),
		).toMatchObject({ ok: false })
		expect(
			checkEntries([
				{ account: wallet, amount: 0 },
				{ account: fees, amount: 0 },
			]),
		).toMatchObject({ ok: false, reason: 'an entry of ₦0 moves nothing' })
		expect(
			checkEntries([
				{ account: wallet, amount: 5 },
				{ account: wallet, amount: -5 },
			]),
		).toEqual({ ok: false, reason: 'wallet:c1 appears twice' })
	})

	test('builders refuse amounts that are not positive whole Naira', () => {
		expect(() => fundingTransfer({ customerId, amount: 0, reference: 'r' })).toThrow(RangeError)
		expect(() => fundingTransfer({ customerId, amount: 10.5, reference: 'r' })).toThrow(RangeError)
		expect(() => withdrawalTransfer({ ...w, fee: -1 })).toThrow(RangeError)
	})

	test('applyEntries says which accounts would go below zero', () => {
		const t = withdrawalTransfer(w)
		expect(applyEntries(new Map(), t.entries).overdrawn).toEqual(['wallet:c1'])
		const { balances, overdrawn } = applyEntries(new Map([['wallet:c1', 6_000]]), t.entries)
		expect(overdrawn).toEqual([])
		expect(Object.fromEntries(balances)).toEqual({ 'wallet:c1': 990, payouts_in_transit: 5_000, fees: 10 })
		expect(applyEntries(new Map(), fundingTransfer({ customerId, amount: 10, reference: 'r' }).entries).overdrawn).toEqual([])
	})

	test('opposite merges and negates', () => {
		const entries = [...withdrawalTransfer(w).entries, ...settlementTransfer(w).entries]
		expect(amounts(opposite(entries))).toEqual([
			['wallet', 5_010],
			['fees', -10],
			['gateway_clearing', -5_000],
		])
	})

	test('kobo at the gateway, whole Naira everywhere else', () => {
		expect(nairaToKobo(1_234)).toBe(123_400)
		expect(koboToNaira(123_400)).toBe(1_234)
		expect(koboToNaira(123_450)).toBeNull()
		expect(() => nairaToKobo(1.5)).toThrow(RangeError)
	})
})

describe("a claim's bank payout", () => {
	const p = { id: 'p1', customerId, amount: 37_000, reference: 'cp_1' }
	test('what is owed waits in payouts in transit, then leaves with the gateway; each keyed by the attempt', () => {
		const sent = claimBankPayoutTransfer(p)
		expect(sent.idempotencyKey).toBe('claim_payout:p1')
		expect(amounts(sent.entries)).toEqual([
			['claims_payable', -37_000],
			['payouts_in_transit', 37_000],
		])
		const settled = claimPayoutSettlementTransfer(p)
		expect(settled.idempotencyKey).toBe('claim_payout:p1:settlement')
		expect(amounts(settled.entries)).toEqual([
			['payouts_in_transit', -37_000],
			['gateway_clearing', 37_000],
		])
	})
	test('a refused transfer, or one sent back after it was paid, makes the claim owed again', () => {
		expect(amounts(claimPayoutReversalTransfer(p, false).entries).sort()).toEqual([
			['claims_payable', 37_000],
			['payouts_in_transit', -37_000],
		])
		expect(amounts(claimPayoutReversalTransfer(p, true).entries).sort()).toEqual([
			['claims_payable', 37_000],
			['gateway_clearing', -37_000],
		])
		for (const t of [claimBankPayoutTransfer(p), claimPayoutSettlementTransfer(p), claimPayoutReversalTransfer(p, true)]) {
			expect(t.entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0)
		}
	})
})

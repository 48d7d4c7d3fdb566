import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { SYSTEM_ACCOUNTS } from '../contract/ledger.ts'
import { AMOUNT_MIN } from '../contract/wallet.ts'
import {
	accountKey,
	applyEntries,
	checkEntries,
	type Entry,
	fundingTransfer,
	koboToNaira,
	nairaToKobo,
	premiumTransfer,
	reversalTransfer,
	settlementTransfer,
	type TransferDraft,
	withdrawalFee,
	withdrawalTransfer,
} from './ledger.ts'

const RUNS = { numRuns: 1000 }
const CUSTOMERS = ['c1', 'c2', 'c3']
const amount = fc.integer({ min: AMOUNT_MIN, max: 10_000_000 })
const customer = fc.constantFrom(...CUSTOMERS)

/** The ledger as the database keeps it: each key applied once, a transfer that overdraws refused whole. */
class ModelLedger {
	balances = new Map<string, number>()
	applied = new Map<string, TransferDraft>()

	post(draft: TransferDraft) {
		expect(checkEntries(draft.entries)).toEqual({ ok: true })
		if (this.applied.has(draft.idempotencyKey)) return false
		const { balances, overdrawn } = applyEntries(this.balances, draft.entries)
		if (overdrawn.length) return false
		this.balances = balances
		this.applied.set(draft.idempotencyKey, draft)
		return true
	}
}

type Op =
	| { op: 'fund'; customer: string; amount: number }
	| { op: 'withdraw'; customer: string; amount: number }
	| { op: 'settle' | 'fail' | 'bounce'; pick: number }
	| { op: 'replay'; pick: number }

const ops = fc.array(
	fc.oneof(
		fc.record({ op: fc.constant('fund' as const), customer, amount }),
		fc.record({ op: fc.constant('withdraw' as const), customer, amount }),
		fc.record({ op: fc.constantFrom('settle' as const, 'fail' as const, 'bounce' as const), pick: fc.nat() }),
		fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }),
	),
	{ maxLength: 60 },
)

describe('the ledger rules, for any input (fast-check, 1,000 runs each)', () => {
	test('every transfer the rules build balances: two or more entries, whole Naira, summing to zero', () => {
		fc.assert(
			fc.property(customer, amount, fc.boolean(), fc.string({ minLength: 1 }), (c, a, settled, reference) => {
				const w = { id: reference, customerId: c, amount: a, fee: withdrawalFee(a), reference }
				for (const t of [
					fundingTransfer({ customerId: c, amount: a, reference }),
					premiumTransfer({ customerId: c, amount: a, reference }),
					withdrawalTransfer(w),
					settlementTransfer(w),
					reversalTransfer(w, settled),
				]) {
					expect(checkEntries(t.entries)).toEqual({ ok: true })
				}
			}),
			RUNS,
		)
	})

	test('entries that do not sum to zero are always refused', () => {
		const account = fc.oneof(
			fc.constantFrom(...SYSTEM_ACCOUNTS).map((kind) => ({ kind })),
			customer.map((c) => ({ kind: 'wallet' as const, customerId: c })),
		)
		const entries = fc.uniqueArray(fc.record({ account, amount: fc.integer({ min: -1e9, max: 1e9 }) }), {
			selector: (e) => accountKey(e.account as Entry['account']),
			minLength: 2,
			maxLength: 7,
		})
		fc.assert(
			fc.property(entries, (list) => {
				const sum = list.reduce((s, e) => s + e.amount, 0)
				fc.pre(sum !== 0)
				expect(checkEntries(list as Entry[]).ok).toBe(false)
			}),
			RUNS,
		)
	})

	test('a reversal undoes its withdrawal exactly, settled or not', () => {
		fc.assert(
			fc.property(amount, fc.boolean(), fc.nat({ max: 1_000_000 }), (a, settled, extra) => {
				const w = { id: 'w', customerId: 'c1', amount: a, fee: withdrawalFee(a), reference: 'wd' }
				const start = new Map([['wallet:c1', a + w.fee + extra]])
				let balances = applyEntries(start, withdrawalTransfer(w).entries).balances
				if (settled) balances = applyEntries(balances, settlementTransfer(w).entries).balances
				balances = applyEntries(balances, reversalTransfer(w, settled).entries).balances
				for (const [key, value] of balances) expect(value, key).toBe(start.get(key) ?? 0)
			}),
			RUNS,
		)
	})

	test('any mix of fundings, withdrawals, payouts, failures and replays creates or loses no Naira', () => {
		fc.assert(
			fc.property(ops, (sequence) => {
				const ledger = new ModelLedger()
				const withdrawals: Array<{ w: Parameters<typeof withdrawalTransfer>[0]; state: 'open' | 'settled' | 'reversed' }> = []
				const funded = new Map<string, number>()
				let n = 0
				for (const step of sequence as Op[]) {
					n++
					if (step.op === 'fund') {
						if (ledger.post(fundingTransfer({ customerId: step.customer, amount: step.amount, reference: `f${n}` }))) {
							funded.set(step.customer, (funded.get(step.customer) ?? 0) + step.amount)
						}
					} else if (step.op === 'withdraw') {
						const w = { id: `w${n}`, customerId: step.customer, amount: step.amount, fee: withdrawalFee(step.amount), reference: `wd${n}` }
						if (ledger.post(withdrawalTransfer(w))) withdrawals.push({ w, state: 'open' })
					} else if (step.op === 'replay') {
						const drafts = [...ledger.applied.values()]
						if (drafts.length) expect(ledger.post(drafts[step.pick % drafts.length]!)).toBe(false)
					} else if (withdrawals.length) {
						const item = withdrawals[step.pick % withdrawals.length]!
						if (step.op === 'settle' && item.state === 'open' && ledger.post(settlementTransfer(item.w))) item.state = 'settled'
						if (step.op === 'fail' && item.state === 'open' && ledger.post(reversalTransfer(item.w, false))) item.state = 'reversed'
						if (step.op === 'bounce' && item.state === 'settled' && ledger.post(reversalTransfer(item.w, true))) item.state = 'reversed'
					}
				}
				const balance = (key: string) => ledger.balances.get(key) ?? 0
				expect([...ledger.balances.values()].reduce((s, v) => s + v, 0)).toBe(0)
				for (const c of CUSTOMERS) {
					const spent = withdrawals
						.filter((x) => x.w.customerId === c && x.state !== 'reversed')
						.reduce((s, x) => s + x.w.amount + x.w.fee, 0)
					expect(balance(`wallet:${c}`)).toBe((funded.get(c) ?? 0) - spent)
					expect(balance(`wallet:${c}`)).toBeGreaterThanOrEqual(0)
				}
				expect(balance('payouts_in_transit')).toBe(withdrawals.filter((x) => x.state === 'open').reduce((s, x) => s + x.w.amount, 0))
				expect(balance('fees')).toBe(withdrawals.filter((x) => x.state !== 'reversed').reduce((s, x) => s + x.w.fee, 0))
				// Each transfer is applied once: the keys are distinct by construction of the map, and no replay got through.
				expect(ledger.applied.size).toBe(new Set(ledger.applied.keys()).size)
			}),
			RUNS,
		)
	})

	test('the fee never falls as the amount grows, and is one of the gateway’s three', () => {
		fc.assert(
			fc.property(amount, amount, (a, b) => {
				const [low, high] = a <= b ? [a, b] : [b, a]
				expect(withdrawalFee(low)).toBeLessThanOrEqual(withdrawalFee(high))
				expect([10, 25, 50]).toContain(withdrawalFee(a))
			}),
			RUNS,
		)
	})

	test('Naira go to kobo and back unchanged; kobo with a remainder are not Naira', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 9e13 }), fc.integer({ min: 0, max: 9e15 }), (naira, kobo) => {
				expect(koboToNaira(nairaToKobo(naira))).toBe(naira)
				expect(koboToNaira(kobo) === null).toBe(kobo % 100 !== 0)
			}),
			RUNS,
		)
	})
})

import { describe, expect, it } from 'vitest'
import { coverByLine, isRenewalDue, lastTwelveMonths, spendByMonth, spendStart, visibleParts } from './dashboard.ts'

describe('visibleParts', () => {
	it('gives an owner of a business every part', () => {
		const all = ['wallet.view', 'plans.view', 'employees.view', 'transactions.view', 'invoices.view', 'claims.view']
		expect([...visibleParts('business', all)].sort()).toEqual(['claims', 'cover', 'next_bill', 'renewals', 'spend', 'staff', 'wallet'])
	})

	it('gives a finance member the money and not the cover', () => {
		const finance = ['wallet.view', 'wallet.fund', 'transactions.view', 'invoices.view', 'cards.manage']
		expect([...visibleParts('business', finance)].sort()).toEqual(['next_bill', 'spend', 'wallet'])
	})

	it('hides the balance from a role without wallet.view', () => {
		expect(visibleParts('business', ['plans.view', 'employees.view']).has('wallet')).toBe(false)
	})

	it('gives an individual no staff, spend chart or bill, whatever the role', () => {
		const all = ['wallet.view', 'plans.view', 'employees.view', 'transactions.view', 'invoices.view', 'claims.view']
		expect([...visibleParts('individual', all)].sort()).toEqual(['claims', 'cover', 'renewals', 'wallet'])
	})
})

describe('the last twelve months', () => {
	it('end with the month of today, oldest first, across a new year', () => {
		expect(lastTwelveMonths('2026-03-15')).toEqual([
			'2025-04',
			'2025-05',
			'2025-06',
			'2025-07',
			'2025-08',
			'2025-09',
			'2025-10',
			'2025-11',
			'2025-12',
			'2026-01',
			'2026-02',
			'2026-03',
		])
		expect(spendStart('2026-03-15')).toBe('2025-04-01')
	})

	it('do not skip a short month from the 31st', () => {
		expect(lastTwelveMonths('2026-03-31').slice(-2)).toEqual(['2026-02', '2026-03'])
	})
})

describe('spendByMonth', () => {
	it('fills the months without spend with zero and sums the rest', () => {
		const spend = spendByMonth(
			[
				{ month: '2026-11', amount: 15_000 },
				{ month: '2026-01', amount: 40_000 },
				{ month: '2026-01', amount: 2_000 },
				{ month: '2025-11', amount: 99_000 },
			],
			'2026-11-25',
		)
		expect(spend.months).toHaveLength(12)
		expect(spend.months[0]).toEqual({ month: '2025-12', amount: 0 })
		expect(spend.months[1]).toEqual({ month: '2026-01', amount: 42_000 })
		expect(spend.this_month).toBe(15_000)
		// November 2025 is 13 months back: outside the chart and its total.
		expect(spend.total).toBe(57_000)
	})
})

describe('coverByLine', () => {
	it('sums the counts of each product by line, in the catalogue order, and waiting cover apart', () => {
		const cover = coverByLine([
			{ category: 'auto', active: 1, pending: 0 },
			{ category: 'health', active: 1, pending: 0 },
			{ category: 'auto', active: 1, pending: 2 },
			{ category: 'travel', active: 0, pending: 1 },
		])
		expect(cover).toEqual({
			active: 3,
			pending: 3,
			by_line: [
				{ category: 'health', active: 1 },
				{ category: 'auto', active: 2 },
			],
		})
		expect(coverByLine([])).toEqual({ active: 0, pending: 0, by_line: [] })
	})
})

describe('isRenewalDue', () => {
	const today = '2026-11-25'
	it('holds for live cover ending within 30 days, today and the 30th day included', () => {
		expect(isRenewalDue({ status: 'active', coverEnd: today }, today)).toBe(true)
		expect(isRenewalDue({ status: 'active', coverEnd: '2026-12-25' }, today)).toBe(true)
		expect(isRenewalDue({ status: 'active', coverEnd: '2026-12-26' }, today)).toBe(false)
	})

	it('does not hold for ended or pending cover', () => {
		expect(isRenewalDue({ status: 'active', coverEnd: '2026-11-24' }, today)).toBe(false)
		expect(isRenewalDue({ status: 'pending', coverEnd: '2026-12-01' }, today)).toBe(false)
	})
})

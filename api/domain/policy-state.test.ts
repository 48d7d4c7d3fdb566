import { describe, expect, test } from 'vitest'
import {
	type Actor,
	POLICY_STATES,
	type PolicyAction,
	type PolicyEventFact,
	type PolicyState,
	STATUS_FILTERS,
	TRANSITIONS,
	effectiveDate,
	matchesStatus,
	memberState,
	memberToday,
	needsInspection,
	policyFlags,
	policyState,
	statusAfterActivation,
	transition,
} from './policy-state.ts'

const ACTORS: Actor[] = ['business', 'insurer', 'system']

/** Every allowed move: from, action, who, to. Anything not listed is refused. */
const ALLOWED: Array<[PolicyState, PolicyAction, Actor[], PolicyState]> = [
	['pending', 'activate', ['business'], 'active'],
	['pending', 'approve_inspection', ['insurer'], 'active'],
	['active', 'deactivate_now', ['business', 'insurer'], 'deactivated'],
	['paused', 'deactivate_now', ['business', 'insurer'], 'deactivated'],
	['active', 'deactivate_at_period_end', ['business', 'insurer'], 'to_be_deactivated'],
	['paused', 'deactivate_at_period_end', ['business', 'insurer'], 'to_be_deactivated'],
	['active', 'terminate_now', ['business', 'insurer'], 'terminated'],
	['paused', 'terminate_now', ['business', 'insurer'], 'terminated'],
	['to_be_deactivated', 'terminate_now', ['business', 'insurer'], 'terminated'],
	['active', 'terminate_at_period_end', ['business', 'insurer'], 'to_be_terminated'],
	['paused', 'terminate_at_period_end', ['business', 'insurer'], 'to_be_terminated'],
	['to_be_deactivated', 'terminate_at_period_end', ['business', 'insurer'], 'to_be_terminated'],
	['to_be_deactivated', 'cancel_scheduled', ['business', 'insurer'], 'active'],
	['to_be_terminated', 'cancel_scheduled', ['business', 'insurer'], 'active'],
	['active', 'pause', ['insurer', 'system'], 'paused'],
	['paused', 'resume', ['insurer', 'system'], 'active'],
	['to_be_deactivated', 'take_effect', ['system'], 'deactivated'],
	['to_be_terminated', 'take_effect', ['system'], 'terminated'],
	['active', 'expire', ['system'], 'expired'],
	['paused', 'expire', ['system'], 'expired'],
	['to_be_deactivated', 'expire', ['system'], 'expired'],
	['to_be_terminated', 'expire', ['system'], 'expired'],
]

describe('the policy state machine', () => {
	test.each(ALLOWED)('%s --%s--> by %j gives %s', (from, action, by, to) => {
		for (const actor of ACTORS) {
			expect(transition(from, action, actor)).toEqual(by.includes(actor) ? { ok: true, to } : { ok: false, reason: 'not_permitted' })
		}
	})

	test('every other state and action is refused for everyone', () => {
		const allowed = new Set(ALLOWED.map(([from, action]) => `${from}/${action}`))
		let refused = 0
		for (const from of POLICY_STATES) {
			for (const action of Object.keys(TRANSITIONS) as PolicyAction[]) {
				if (allowed.has(`${from}/${action}`)) continue
				for (const actor of ACTORS) expect(transition(from, action, actor)).toEqual({ ok: false, reason: 'not_allowed_from' })
				refused++
			}
		}
		// Ended states lead nowhere.
		expect(refused).toBeGreaterThan(50)
		for (const end of ['deactivated', 'terminated', 'expired'] as const) {
			for (const action of Object.keys(TRANSITIONS) as PolicyAction[]) expect(transition(end, action, 'insurer').ok).toBe(false)
		}
	})
})

const policy = (over: Partial<Parameters<typeof policyState>[0]> = {}) => ({
	status: 'active' as const,
	productId: 32,
	activatedAt: '2026-01-05T10:00:00Z',
	coverEnd: '2026-12-31',
	...over,
})
const ev = (kind: string, effectiveOn: string, staffId: string | null = null): PolicyEventFact => ({ kind, effectiveOn, staffId })

describe('state from stored facts', () => {
	test('pending, active and expired from the status and the cover end', () => {
		expect(policyState(policy({ status: 'pending' }), [], '2026-06-01')).toBe('pending')
		expect(policyState(policy(), [], '2026-06-01')).toBe('active')
		expect(policyState(policy(), [], '2026-12-31')).toBe('active')
		expect(policyState(policy(), [], '2027-01-01')).toBe('expired')
	})

	test('a scheduled deactivation or termination is to_be_ until its day, then the end', () => {
		const deactivate = [ev('deactivate', '2026-07-01')]
		expect(policyState(policy(), deactivate, '2026-06-30')).toBe('to_be_deactivated')
		expect(policyState(policy(), deactivate, '2026-07-01')).toBe('deactivated')
		const terminate = [ev('terminate', '2026-07-01')]
		expect(policyState(policy(), terminate, '2026-06-30')).toBe('to_be_terminated')
		expect(policyState(policy(), terminate, '2026-07-01')).toBe('terminated')
		// Termination outranks a deactivation.
		expect(policyState(policy(), [...deactivate, ev('terminate', '2026-06-15')], '2026-06-20')).toBe('terminated')
	})

	test('paused between a pause and the resume after it', () => {
		const events = [ev('pause', '2026-03-01'), ev('resume', '2026-03-10')]
		expect(policyState(policy(), events, '2026-02-28')).toBe('active')
		expect(policyState(policy(), events, '2026-03-05')).toBe('paused')
		expect(policyState(policy(), events, '2026-03-10')).toBe('active')
	})

	test('every flag follows the facts; none is constant', () => {
		const seen = new Map<string, Set<boolean>>()
		const cases: Array<[ReturnType<typeof policy>, PolicyEventFact[], string]> = [
			[policy({ status: 'pending' }), [], '2026-06-01'],
			[policy({ status: 'pending', productId: 2 }), [], '2026-06-01'],
			[policy(), [], '2026-06-01'],
			[policy(), [], '2027-06-01'],
			[policy(), [ev('deactivate', '2026-07-01')], '2026-06-01'],
			[policy(), [ev('deactivate', '2026-07-01')], '2026-08-01'],
			[policy(), [ev('terminate', '2026-07-01')], '2026-06-01'],
			[policy(), [ev('terminate', '2026-07-01')], '2026-08-01'],
			[policy(), [ev('pause', '2026-05-01')], '2026-06-01'],
			[policy(), [ev('member_removal', '2026-07-01', 'staff-1')], '2026-06-01'],
		]
		for (const [p, events, today] of cases) {
			for (const [flag, value] of Object.entries(policyFlags(p, events, today))) {
				if (typeof value === 'boolean') seen.set(flag, (seen.get(flag) ?? new Set()).add(value))
			}
		}
		for (const [flag, values] of seen) expect([flag, values.size]).toEqual([flag, 2])
		expect(policyFlags(policy(), [ev('deactivate', '2026-07-01')], '2026-06-01')).toMatchObject({ active: true, to_be_deactivated: true })
		expect(policyFlags(policy(), [ev('member_removal', '2026-07-01', 's')], '2026-07-01').to_be_removed).toBe(false)
	})

	test('the status filter reads one flag each', () => {
		const flags = policyFlags(policy(), [ev('terminate', '2026-07-01')], '2026-06-01')
		expect(STATUS_FILTERS.filter((s) => matchesStatus(flags, s))).toEqual(['active', 'to_be_terminated'])
		expect(STATUS_FILTERS.filter((s) => matchesStatus(policyFlags(policy({ status: 'pending' }), [], '2026-06-01'), s))).toEqual([
			'pending',
		])
	})
})

describe('own-damage auto cover waits for its inspection', () => {
	test('comprehensive, mini and monthly comprehensive stay pending after activation', () => {
		for (const id of [2, 4, 14]) {
			expect(needsInspection(id)).toBe(true)
			expect(statusAfterActivation(id)).toBe('pending')
		}
		expect(statusAfterActivation(1)).toBe('active')
		expect(statusAfterActivation(5)).toBe('active')
		const flags = policyFlags(policy({ status: 'pending', productId: 2 }), [], '2026-06-01')
		expect(flags).toMatchObject({ is_pending: true, awaiting_inspection: true, active: false })
		expect(policyFlags(policy({ status: 'pending', productId: 2, activatedAt: null }), [], '2026-06-01').awaiting_inspection).toBe(false)
	})
})

describe('effective dates', () => {
	const plan = { coverEnd: '2026-12-31', nextBillingDate: '2026-07-01' }
	test('at once is today; a member leaves or moves on the 1st of next month', () => {
		expect(effectiveDate({ kind: 'now' }, plan, '2026-06-14')).toBe('2026-06-14')
		expect(effectiveDate({ kind: 'member_removal' }, plan, '2026-06-14')).toBe('2026-07-01')
		expect(effectiveDate({ kind: 'member_migration' }, plan, '2026-06-01')).toBe('2026-07-01')
		expect(effectiveDate({ kind: 'member_migration' }, plan, '2026-12-31')).toBe('2027-01-01')
		expect(effectiveDate({ kind: 'member_removal' }, plan, '2026-01-31')).toBe('2026-02-01')
	})
	test("the period's end, a new period and a new plan hold from the next bill, or the day after cover ends", () => {
		expect(effectiveDate({ kind: 'period_end' }, plan, '2026-06-14')).toBe('2026-07-01')
		expect(effectiveDate({ kind: 'plan_change' }, plan, '2026-06-14')).toBe('2026-07-01')
		expect(effectiveDate({ kind: 'period_change' }, { coverEnd: '2026-12-31', nextBillingDate: null }, '2026-06-14')).toBe('2027-01-01')
		// A bill date already passed (billing not yet run) falls back to the cover's end.
		expect(effectiveDate({ kind: 'period_end' }, plan, '2026-07-02')).toBe('2027-01-01')
	})
	test('a member leaving or moving', () => {
		expect(memberState([], '2026-06-01')).toBe('active')
		expect(memberState([ev('member_removal', '2026-07-01', 's')], '2026-06-01')).toBe('to_be_removed')
		expect(memberState([ev('member_removal', '2026-07-01', 's')], '2026-07-01')).toBe('removed')
		expect(memberState([ev('member_migration', '2026-07-01', 's')], '2026-06-01')).toBe('moving')
		expect(memberState([ev('member_migration', '2026-07-01', 's')], '2026-07-02')).toBe('moved')
	})
	test("a member today: the plan's events and the register's days both say when they come and go", () => {
		const today = '2026-06-14'
		const at = (m: Partial<Parameters<typeof memberToday>[0]>) => memberToday({ events: [], lastDay: null, firstDay: null, ...m }, today)
		expect(at({})).toEqual({ state: 'active', effectiveOn: null, going: null })
		expect(at({ firstDay: '2026-01-01', lastDay: '2026-12-31' })).toMatchObject({ state: 'to_be_removed', effectiveOn: '2027-01-01' })
		// Left the register, or this plan, before today: gone. Their last day is still covered.
		expect(at({ lastDay: '2026-06-13' })).toBeNull()
		expect(at({ lastDay: today })).toMatchObject({ state: 'to_be_removed', effectiveOn: '2026-06-15' })
		// Joining: on the sheet before the register's first day.
		expect(at({ firstDay: '2026-07-01' })).toEqual({ state: 'joining', effectiveOn: '2026-07-01', going: null })
		expect(at({ firstDay: today })).toMatchObject({ state: 'active' })
		// The plan's own change, unless the register lets them go sooner.
		const moving = ev('member_migration', '2026-07-01', 's')
		expect(at({ events: [moving] })).toEqual({ state: 'moving', effectiveOn: '2026-07-01', going: moving })
		expect(at({ events: [moving], lastDay: '2026-06-20' })).toMatchObject({
			state: 'to_be_removed',
			effectiveOn: '2026-06-21',
			going: null,
		})
		expect(at({ events: [moving], lastDay: '2026-07-31' })).toMatchObject({ state: 'moving', effectiveOn: '2026-07-01' })
		expect(at({ events: [ev('member_removal', '2026-06-01', 's')] })).toBeNull()
		expect(at({ events: [ev('member_migration', '2026-06-01', 's')], firstDay: '2026-07-01' })).toBeNull()
	})
})

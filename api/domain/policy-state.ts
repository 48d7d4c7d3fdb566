import { PRODUCT_IDS } from '../contract/product-ids.ts'
import { type MemberState, POLICY_STATES, POLICY_STATUS_FILTERS, type PolicyState, type PolicyStatusFilter } from '../contract/statuses.ts'
import { addDays, addMonths } from './policies.ts'

// A policy's life (docs/decisions/078-policy-state.md): pending → active → (to_be_deactivated →
// deactivated) | (to_be_terminated → terminated) | expired | paused and back. Its state is never
// stored as such: it is computed from stored facts (the policy's status, its cover end, its events and
// today), so a change dated next month takes effect without a job having to run.

export { POLICY_STATES, type PolicyState }

/** Who asks: the business (a member with plans.manage), the insurer's desk, or the clock. */
export type Actor = 'business' | 'insurer' | 'system'

export type PolicyAction =
	| 'activate'
	| 'approve_inspection'
	| 'deactivate_now'
	| 'deactivate_at_period_end'
	| 'terminate_now'
	| 'terminate_at_period_end'
	| 'cancel_scheduled'
	| 'pause'
	| 'resume'
	| 'take_effect'
	| 'expire'

type Rule = { from: readonly PolicyState[]; to: PolicyState | ((from: PolicyState) => PolicyState); by: readonly Actor[] }

const LIVE = ['active', 'paused'] as const

/** Every transition, where it may start and who may make it. */
export const TRANSITIONS: Record<PolicyAction, Rule> = {
	// The business sends its activation details; own-damage auto cover then waits for its inspection.
	activate: { from: ['pending'], to: 'active', by: ['business'] },
	// The insurer's inspector approves the pre-inspection of own-damage auto cover.
	approve_inspection: { from: ['pending'], to: 'active', by: ['insurer'] },
	deactivate_now: { from: LIVE, to: 'deactivated', by: ['business', 'insurer'] },
	deactivate_at_period_end: { from: LIVE, to: 'to_be_deactivated', by: ['business', 'insurer'] },
	terminate_now: { from: [...LIVE, 'to_be_deactivated'], to: 'terminated', by: ['business', 'insurer'] },
	terminate_at_period_end: { from: [...LIVE, 'to_be_deactivated'], to: 'to_be_terminated', by: ['business', 'insurer'] },
	// A change not yet in effect may be taken back, by whoever may make it.
	cancel_scheduled: { from: ['to_be_deactivated', 'to_be_terminated'], to: 'active', by: ['business', 'insurer'] },
	// An unpaid bill pauses a plan (the billing run) or the insurer does; paying or the insurer resumes it.
	pause: { from: ['active'], to: 'paused', by: ['insurer', 'system'] },
	resume: { from: ['paused'], to: 'active', by: ['insurer', 'system'] },
	// The clock: a scheduled change reaches its day; cover reaches its end unrenewed.
	take_effect: {
		from: ['to_be_deactivated', 'to_be_terminated'],
		to: (from) => (from === 'to_be_deactivated' ? 'deactivated' : 'terminated'),
		by: ['system'],
	},
	expire: { from: ['active', 'paused', 'to_be_deactivated', 'to_be_terminated'], to: 'expired', by: ['system'] },
}

export type TransitionResult = { ok: true; to: PolicyState } | { ok: false; reason: 'not_allowed_from' | 'not_permitted' }

/** Whether `actor` may take `action` on a policy in `from`, and the state it leads to. */
export function transition(from: PolicyState, action: PolicyAction, actor: Actor): TransitionResult {
	const rule = TRANSITIONS[action]
	if (!rule.from.includes(from)) return { ok: false, reason: 'not_allowed_from' }
	if (!rule.by.includes(actor)) return { ok: false, reason: 'not_permitted' }
	return { ok: true, to: typeof rule.to === 'function' ? rule.to(from) : rule.to }
}

/** Own-damage auto cover (comprehensive, mini, monthly comprehensive) waits for an approved pre-inspection. */
const OWN_DAMAGE: readonly number[] = [PRODUCT_IDS.comprehensive, PRODUCT_IDS.miniComprehensive, PRODUCT_IDS.monthlyComprehensive]
export const needsInspection = (productId: number) => OWN_DAMAGE.includes(productId)

/** The status a policy is stored with once its activation details arrive. */
export const statusAfterActivation = (productId: number) => (needsInspection(productId) ? 'pending' : 'active')

/** What a policy's state is computed from. */
export type PolicyFacts = {
	status: 'pending' | 'active'
	productId: number
	activatedAt: Date | string | null
	coverEnd: string
}

/** A stored event: its kind and the first day it holds; cancelled ones are left out by the caller. */
export type PolicyEventFact = { kind: string; effectiveOn: string; staffId?: string | null }

/** The event of `kinds` in force on `today`: the latest whose day has come. */
function latest(events: readonly PolicyEventFact[], kinds: readonly string[], today: string, due: boolean) {
	return events
		.filter((e) => !e.staffId && kinds.includes(e.kind) && (due ? e.effectiveOn <= today : e.effectiveOn > today))
		.sort((a, b) => a.effectiveOn.localeCompare(b.effectiveOn))
		.at(-1)
}

/** Where a policy stands on `today`, from its stored facts. */
export function policyState(policy: PolicyFacts, events: readonly PolicyEventFact[], today: string): PolicyState {
	if (latest(events, ['terminate'], today, true)) return 'terminated'
	if (latest(events, ['deactivate'], today, true)) return 'deactivated'
	if (policy.coverEnd < today) return 'expired'
	if (policy.status === 'pending') return 'pending'
	const pauseOrResume = latest(events, ['pause', 'resume'], today, true)
	if (pauseOrResume?.kind === 'pause') return 'paused'
	if (latest(events, ['terminate'], today, false)) return 'to_be_terminated'
	if (latest(events, ['deactivate'], today, false)) return 'to_be_deactivated'
	return 'active'
}

/**
 * Spec section 3's flags, each from the stored facts; section 4: active is not pending, not deactivated, not
 * expired. `registerLeaving`: the staff register has some member of the plan leaving (decision 168).
 */
export function policyFlags(policy: PolicyFacts, events: readonly PolicyEventFact[], today: string, registerLeaving = false) {
	const state = policyState(policy, events, today)
	const ended = state === 'terminated' || state === 'deactivated'
	return {
		state,
		is_pending: state === 'pending',
		is_expired: policy.coverEnd < today,
		is_terminated: state === 'terminated',
		is_deactivated: state === 'deactivated',
		is_paused: state === 'paused',
		to_be_terminated: !ended && Boolean(latest(events, ['terminate'], today, false)),
		to_be_deactivated: !ended && Boolean(latest(events, ['deactivate'], today, false)),
		// On a plan: some of its members leave at a date to come, removed by the plan or leaving the staff register.
		to_be_removed: !ended && (registerLeaving || events.some((e) => e.staffId && e.kind === 'member_removal' && e.effectiveOn > today)),
		awaiting_inspection: state === 'pending' && needsInspection(policy.productId) && policy.activatedAt !== null,
		active: state === 'active' || state === 'to_be_deactivated' || state === 'to_be_terminated',
	}
}
export type PolicyFlags = ReturnType<typeof policyFlags>

export const STATUS_FILTERS = POLICY_STATUS_FILTERS
export type StatusFilter = PolicyStatusFilter

export function matchesStatus(flags: PolicyFlags, status: StatusFilter) {
	const flag = {
		pending: flags.is_pending,
		active: flags.active,
		paused: flags.is_paused,
		expired: flags.is_expired,
		deactivated: flags.is_deactivated,
		terminated: flags.is_terminated,
		to_be_deactivated: flags.to_be_deactivated,
		to_be_terminated: flags.to_be_terminated,
		to_be_removed: flags.to_be_removed,
	}
	return flag[status]
}

/** Whether cover may end today rather than at the end of its period (docs/decisions/081-removing-policies.md). */
export const canEndAtOnce = (policy: { kind: 'policy' | 'plan'; period: string | null }) =>
	policy.kind === 'plan' || policy.period === 'monthly'

// Effective dates (docs/decisions/079-effective-dates.md): the one place that says when a change holds.

export type Change =
	| { kind: 'now' }
	| { kind: 'period_end' }
	| { kind: 'member_removal' }
	| { kind: 'member_migration' }
	| { kind: 'period_change' }
	| { kind: 'plan_change' }

/**
 * The first day a change holds. At once: today. At the end of the period, a new period of cover or a
 * new plan: the day after the current period ends (a staff plan's next bill; a policy's cover end + 1).
 * A member who leaves or moves: the 1st of next month (spec section 1: staff replacements take effect
 * at the start of the next month).
 */
export function effectiveDate(change: Change, policy: { coverEnd: string; nextBillingDate: string | null }, today: string) {
	switch (change.kind) {
		case 'now':
			return today
		case 'member_removal':
		case 'member_migration':
			return `${addMonths(`${today.slice(0, 7)}-01`, 1)}`
		case 'period_end':
		case 'period_change':
		case 'plan_change':
			return policy.nextBillingDate && policy.nextBillingDate > today ? policy.nextBillingDate : addDays(policy.coverEnd, 1)
	}
}

/** A member of a staff plan on `today`: leaving, moving, or gone (removed or moved on). */
export function memberState(events: readonly PolicyEventFact[], today: string) {
	const own = events.filter((e) => e.kind === 'member_removal' || e.kind === 'member_migration')
	const due = own.filter((e) => e.effectiveOn <= today)
	const coming = own.filter((e) => e.effectiveOn > today)
	if (due.some((e) => e.kind === 'member_removal')) return 'removed' as const
	if (due.some((e) => e.kind === 'member_migration')) return 'moved' as const
	if (coming.some((e) => e.kind === 'member_removal')) return 'to_be_removed' as const
	if (coming.some((e) => e.kind === 'member_migration')) return 'moving' as const
	return 'active' as const
}

/**
 * A member of a staff plan on `today`, from the plan's events for them and the register's days (decision 050,
 * decision 168): `lastDay` is the last day they are covered here (the register's leaving day, or this
 * membership's end), `firstDay` the register's first. Null once gone: removed or moved on by the plan, or past
 * their last day. Leaving from the day after the last day, unless the plan moves or removes them sooner;
 * joining until the first day; otherwise as the plan's events say, with the day a change to come holds.
 */
export function memberToday<E extends PolicyEventFact>(
	m: { events: readonly E[]; lastDay: string | null; firstDay: string | null },
	today: string,
): { state: MemberState; effectiveOn: string | null; going: E | null } | null {
	const state = memberState(m.events, today)
	if (state === 'removed' || state === 'moved') return null
	if (m.lastDay !== null && m.lastDay < today) return null
	const going =
		m.events
			.filter((e) => (e.kind === 'member_removal' || e.kind === 'member_migration') && e.effectiveOn > today)
			.sort((a, b) => a.effectiveOn.localeCompare(b.effectiveOn))[0] ?? null
	const leaves = m.lastDay === null ? null : addDays(m.lastDay, 1)
	if (leaves !== null && (going === null || leaves < going.effectiveOn)) return { state: 'to_be_removed', effectiveOn: leaves, going: null }
	if (going) return { state, effectiveOn: going.effectiveOn, going }
	if (m.firstDay !== null && m.firstDay > today) return { state: 'joining', effectiveOn: m.firstDay, going: null }
	return { state: 'active', effectiveOn: null, going: null }
}

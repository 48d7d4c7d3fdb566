import type { z } from 'zod'
import { formatDay } from '../contract/dates.ts'
import { formatNairaFull } from '../contract/money.ts'
import { type Period, periodLabel } from '../contract/periods.ts'
import type { HealthProductId } from '../contract/product-ids.ts'
import type {
	BatchRemovalBody,
	BatchRemovalPreview,
	MigrationBody,
	MigrationPreview,
	PlanChangeBody,
	PlanChangePreview,
	PlanMember,
	RemoveBody,
} from '../contract/plans.ts'
import type { Tx } from '../db/client.ts'
import { type policies, policyEvents } from '../db/schema.ts'
import { phoneFromCell } from '../domain/batch/staff.ts'
import { findProduct } from '../domain/catalogue/index.ts'
import { lagosDate } from '../domain/policies.ts'
import { type Change, canEndAtOnce, effectiveDate, policyState, transition } from '../domain/policy-state.ts'
import { HEALTH_MONTHLY_RATES } from '../domain/pricing/health.ts'
import type { Deps } from '../deps.ts'
import { ApiError, fieldError } from '../errors.ts'
import type { AuthUser } from '../http.ts'
import { recordActivity } from './accounts.ts'
import { NOT_A_PLAN, planMembers, productOf } from './plan-members.ts'
import { findPolicy, liveEvents } from './policies.ts'
import type { ActivityType } from '../contract/activities.ts'

type PolicyRow = typeof policies.$inferSelect
type EventKind = (typeof policyEvents.$inferInsert)['kind']
type Member = z.output<typeof PlanMember>

/** The plan's own activity list and the business's activity log, in the same transaction. */
export async function record(
	tx: Tx,
	auth: AuthUser,
	policy: PolicyRow,
	event: {
		kind: EventKind
		effectiveOn: string
		description: string
		staffId?: string
		toPolicyId?: string
		detail?: Record<string, string | number>
	},
) {
	await tx.insert(policyEvents).values({ customerId: auth.customerId, policyId: policy.id, actorUserId: auth.id, ...event })
}

export async function logActivity(tx: Tx, auth: AuthUser, type: ActivityType, description: string) {
	await recordActivity(tx, { customerId: auth.customerId, actorUserId: auth.id, type, description })
}

/** A policy of the business with its state today; a plan when `plan` is asked. */
export async function policyWithState(deps: Deps, auth: AuthUser, id: string, options: { plan?: boolean } = {}) {
	const { policy } = await findPolicy(deps.db, auth.customerId, id)
	if (options.plan && policy.kind !== 'plan') throw new ApiError(409, NOT_A_PLAN)
	const today = lagosDate(deps.now())
	const events = await liveEvents(deps.db, { customerId: auth.customerId, policyId: policy.id })
	return { policy, today, state: policyState(policy, events, today) }
}

const ENDED_WORD = { deactivate: 'deactivated', terminate: 'removed' } as const

/** Deactivate or remove a policy, at once where the product allows it or at the end of its period. */
export async function removePolicy(deps: Deps, auth: AuthUser, id: string, body: z.output<typeof RemoveBody>) {
	const { policy, today, state } = await policyWithState(deps, auth, id)
	if (body.when === 'now' && !canEndAtOnce(policy)) {
		throw fieldError(400, 'when', 'This policy was paid for its whole period: it can only end at the end of the period.')
	}
	const action = `${body.action}_${body.when === 'now' ? 'now' : 'at_period_end'}` as const
	const allowed = transition(state, action, 'business')
	if (!allowed.ok) throw new ApiError(409, `This policy is ${state.replaceAll('_', ' ')}: it cannot be ${ENDED_WORD[body.action]} now.`)
	const effectiveOn = effectiveDate({ kind: body.when === 'now' ? 'now' : 'period_end' } satisfies Change, policy, today)
	const product = productOf(policy.productId)
	const what = `${product.name} ${policy.kind === 'plan' ? 'staff plan' : 'policy'} ${policy.policyNumber}`
	const description =
		body.when === 'now'
			? `${what} ${ENDED_WORD[body.action]} today`
			: `${what} to be ${ENDED_WORD[body.action]} on ${formatDay(effectiveOn)}, at the end of its period`
	await deps.db.transaction(async (tx) => {
		await record(tx, auth, policy, { kind: body.action, effectiveOn, description })
		await logActivity(tx, auth, `policies.${body.action}`, `${auth.firstName}: ${description}`)
	})
	return policy.id
}

/** A new period of cover, from the next renewal (docs/decisions/079-effective-dates.md). */
export async function changePeriod(deps: Deps, auth: AuthUser, id: string, period: Period) {
	const { policy, today, state } = await policyWithState(deps, auth, id)
	if (state !== 'active' && state !== 'paused') {
		throw new ApiError(409, 'Only cover that is active and renews can change its period.')
	}
	if (policy.period === null) throw new ApiError(409, 'This cover is for a trip: it has no period to change.')
	if (period === policy.period) throw fieldError(400, 'period', `The period of cover is already ${periodLabel(period).toLowerCase()}.`)
	const effectiveOn = effectiveDate({ kind: 'period_change' }, policy, today)
	const description = `Period of cover to change from ${periodLabel(policy.period as Period).toLowerCase()} to ${periodLabel(period).toLowerCase()} at the renewal on ${formatDay(effectiveOn)}`
	await deps.db.transaction(async (tx) => {
		await record(tx, auth, policy, { kind: 'period_change', effectiveOn, description, detail: { period } })
		await logActivity(tx, auth, 'plans.period_changed', `${auth.firstName}: ${policy.policyNumber}: ${description}`)
	})
	return policy.id
}

const monthlyRateOf = (productId: number) => HEALTH_MONTHLY_RATES[productId as HealthProductId]

/** A staff plan's new product (tier) or slots: the difference a month, from its next period. */
export async function changePlan(
	deps: Deps,
	auth: AuthUser,
	id: string,
	body: z.output<typeof PlanChangeBody>,
): Promise<z.output<typeof PlanChangePreview>> {
	const { policy, today, state } = await policyWithState(deps, auth, id, { plan: true })
	if (state !== 'active') throw new ApiError(409, 'Only an active staff plan can be changed.')
	const product = findProduct(body.product_id)
	if (product?.category !== 'health' || !product.plan_types?.includes('standard') || !monthlyRateOf(product.id)) {
		throw fieldError(400, 'product_id', 'Choose a health plan offered for staff.')
	}
	const members = await planMembers(deps.db, auth.customerId, policy, today)
	if (body.slots < members.length) {
		throw fieldError(400, 'slots', `This plan has ${members.length} members: cover at least that many, or remove some first.`)
	}
	const current = { product_id: policy.productId, product_name: productOf(policy.productId).name, slots: policy.slots ?? 0 }
	const currentMonthly = (policy.monthlyRate ?? 0) * current.slots
	const proposedMonthly = monthlyRateOf(product.id) * body.slots
	if (product.id === policy.productId && body.slots === current.slots)
		throw fieldError(400, 'slots', 'Change the plan or the number of staff.')
	const effectiveOn = effectiveDate({ kind: 'plan_change' }, policy, today)
	const preview = {
		current: { ...current, monthly: currentMonthly },
		proposed: { product_id: product.id, product_name: product.name, slots: body.slots, monthly: proposedMonthly },
		difference: proposedMonthly - currentMonthly,
		effective_on: effectiveOn,
		confirmed: body.confirm,
	}
	if (!body.confirm) return preview
	const description = `Plan to change to ${product.name} for ${body.slots} staff from ${formatDay(effectiveOn)}: ${formatNairaFull(proposedMonthly)} a month (${preview.difference >= 0 ? 'up' : 'down'} ${formatNairaFull(Math.abs(preview.difference))})`
	await deps.db.transaction(async (tx) => {
		await record(tx, auth, policy, { kind: 'plan_change', effectiveOn, description, detail: { product_id: product.id, slots: body.slots } })
		await logActivity(tx, auth, 'plans.changed', `${auth.firstName}: ${policy.policyNumber}: ${description}`)
	})
	return preview
}

function planCost(policy: PolicyRow, before: number, after: number) {
	const rate = policy.monthlyRate ?? 0
	return {
		id: policy.id,
		policy_number: policy.policyNumber,
		product_name: productOf(policy.productId).name,
		monthly_rate: rate,
		members_before: before,
		members_after: after,
		monthly_before: rate * before,
		monthly_after: rate * after,
	}
}

const MEMBER_MISSING = 'Choose members of this plan who are covered and not already leaving.'

/** Move chosen members of one plan to another of the business's plans, from the 1st of next month. */
export async function migrateMembers(
	deps: Deps,
	auth: AuthUser,
	id: string,
	body: z.output<typeof MigrationBody>,
): Promise<z.output<typeof MigrationPreview>> {
	const { policy, today, state } = await policyWithState(deps, auth, id, { plan: true })
	if (state !== 'active') throw new ApiError(409, 'Only an active staff plan can move its members.')
	if (body.to_policy_id === policy.id) throw fieldError(400, 'to_policy_id', 'Choose another plan to move them to.')
	const target = await policyWithState(deps, auth, body.to_policy_id).catch(() => {
		throw fieldError(400, 'to_policy_id', 'Choose one of your active staff plans.')
	})
	if (target.policy.kind !== 'plan' || target.state !== 'active')
		throw fieldError(400, 'to_policy_id', 'Choose one of your active staff plans.')
	const members = await planMembers(deps.db, auth.customerId, policy, today)
	const chosen = members.filter((m) => body.member_ids.includes(m.id) && m.state === 'active')
	if (chosen.length !== new Set(body.member_ids).size) throw fieldError(400, 'member_ids', MEMBER_MISSING)
	const targetMembers = await planMembers(deps.db, auth.customerId, target.policy, today)
	// Members moved in count on the target plan from the day they move, even past its slots: it is billed by member (decision 082).
	const effectiveOn = effectiveDate({ kind: 'member_migration' }, policy, today)
	const preview = {
		members: chosen.map((m) => ({
			...m,
			effective_on: effectiveOn,
			to_plan: { id: target.policy.id, policy_number: target.policy.policyNumber, product_name: productOf(target.policy.productId).name },
		})),
		from: planCost(policy, members.length, members.length - chosen.length),
		to: planCost(target.policy, targetMembers.length, targetMembers.length + chosen.length),
		effective_on: effectiveOn,
		confirmed: body.confirm,
	}
	if (!body.confirm) return preview
	const targetName = `${productOf(target.policy.productId).name} (${target.policy.policyNumber})`
	await deps.db.transaction(async (tx) => {
		for (const m of chosen) {
			await record(tx, auth, policy, {
				kind: 'member_migration',
				effectiveOn,
				staffId: m.id,
				toPolicyId: target.policy.id,
				description: `${m.name} moves to ${targetName} on ${formatDay(effectiveOn)}`,
			})
		}
		await logActivity(
			tx,
			auth,
			'plans.members_moved',
			`${auth.firstName} moved ${chosen.length === 1 ? '1 member' : `${chosen.length} members`} of ${policy.policyNumber} to ${targetName} from ${formatDay(effectiveOn)}`,
		)
	})
	return preview
}

const normalEmail = (value: string) => value.trim().toLowerCase()

/**
 * Remove many members at once, chosen or named by an uploaded list of emails or phone numbers: each
 * entry that names no member of the plan is a row's error; nothing changes until confirmed, and not
 * while any row is wrong. Members leave on the 1st of next month.
 */
export async function batchRemoval(
	deps: Deps,
	auth: AuthUser,
	id: string,
	body: z.output<typeof BatchRemovalBody>,
): Promise<z.output<typeof BatchRemovalPreview>> {
	const { policy, today, state } = await policyWithState(deps, auth, id, { plan: true })
	if (state !== 'active') throw new ApiError(409, 'Only an active staff plan can remove its members.')
	if (!body.member_ids.length && !body.identifiers.some((i) => i.trim())) {
		throw fieldError(400, 'member_ids', 'Choose members to remove, or upload a list of their emails or phone numbers.')
	}
	const members = await planMembers(deps.db, auth.customerId, policy, today)
	const chosen = new Map<string, Member>()
	const errors: Array<{ row: number; value: string; message: string }> = []
	for (const memberId of body.member_ids) {
		const member = members.find((m) => m.id === memberId)
		if (member?.state !== 'active') throw fieldError(400, 'member_ids', MEMBER_MISSING)
		chosen.set(member.id, member)
	}
	body.identifiers.forEach((raw, index) => {
		const value = raw.trim()
		if (!value) return
		const row = index + 1
		const member = value.includes('@')
			? members.find((m) => m.email.toLowerCase() === normalEmail(value))
			: members.find((m) => m.phone === phoneFromCell(value))
		if (!member)
			errors.push({ row, value, message: `No member of this plan has ${value.includes('@') ? 'this email' : 'this phone number'}.` })
		else if (member.state !== 'active') errors.push({ row, value, message: `${member.name} is already leaving or moving.` })
		else if (chosen.has(member.id)) errors.push({ row, value, message: `${member.name} is already on the list.` })
		else chosen.set(member.id, member)
	})
	const effectiveOn = effectiveDate({ kind: 'member_removal' }, policy, today)
	const rate = policy.monthlyRate ?? 0
	const preview = {
		members: [...chosen.values()].map((m) => ({ ...m, effective_on: effectiveOn })),
		errors,
		effective_on: effectiveOn,
		monthly_before: rate * members.length,
		monthly_after: rate * (members.length - chosen.size),
		confirmed: false,
	}
	if (!body.confirm) return preview
	if (errors.length)
		throw new ApiError(
			400,
			'Correct or take out the rows with errors first.',
			errors.map((e) => ({ path: `identifiers.${e.row - 1}`, message: e.message })),
		)
	if (!chosen.size) throw fieldError(400, 'member_ids', 'Choose members to remove.')
	await deps.db.transaction(async (tx) => {
		for (const m of chosen.values()) {
			await record(tx, auth, policy, {
				kind: 'member_removal',
				effectiveOn,
				staffId: m.id,
				description: `${m.name} to be removed on ${formatDay(effectiveOn)}`,
			})
		}
		await logActivity(
			tx,
			auth,
			'plans.members_removed',
			`${auth.firstName} removed ${chosen.size === 1 ? '1 member' : `${chosen.size} members`} from ${policy.policyNumber} from ${formatDay(effectiveOn)}`,
		)
	})
	return { ...preview, confirmed: true }
}

import { and, eq, inArray, sql } from 'drizzle-orm'
import { INCIDENT_TYPES } from '../../contract/catalogue.ts'
import type { ClaimDetailsBody } from '../../contract/claims.ts'
import type { Db, Tx } from '../../db/client.ts'
import { claims, customers, employees, policies, purchases, staff, users } from '../../db/schema.ts'
import { type Product, productById } from '../../domain/catalogue/index.ts'
import {
	COUNTS_AGAINST_LIMIT,
	claimAmountProblem,
	claimantRefusal,
	claimLimit,
	claimRefusal,
	incidentDateProblem,
} from '../../domain/claims.ts'
import { lagosDate } from '../../domain/policies.ts'
import { policyFlags } from '../../domain/policy-state.ts'
import { pausedClaimMessage } from '../../domain/billing.ts'
import { employeeStatus } from '../../domain/staff-lifecycle.ts'
import type { Deps } from '../../deps.ts'
import { ApiError, fieldError, notFound } from '../../errors.ts'
import { pausingInvoice } from '../billing.ts'
import { liveEvents } from '../policies.ts'

// The policy a claim is made on: whether it takes claims, who the claimant is, what is left of its limits.

type PolicyRow = typeof policies.$inferSelect
export type Details = import('zod').output<typeof ClaimDetailsBody>

export const claimNumber = (year: number, sequence: number) => `CL-${year}-${String(sequence).padStart(6, '0')}`

export async function policyOf(db: Db | Tx, customerId: string, policyId: string) {
	const [row] = await db
		.select({
			policy: policies,
			input: purchases.input,
			holder: customers.name,
			custodianFirst: users.firstName,
			custodianLast: users.lastName,
		})
		.from(policies)
		.innerJoin(purchases, eq(purchases.id, policies.purchaseId))
		.innerJoin(customers, eq(customers.id, policies.customerId))
		.leftJoin(users, eq(users.id, policies.custodianUserId))
		.where(and(eq(policies.customerId, customerId), eq(policies.id, policyId)))
	if (!row) throw notFound('policy')
	const product = productById(row.policy.productId as Product['id'])
	const custodian = row.custodianFirst ? `${row.custodianFirst} ${row.custodianLast}` : null
	return { ...row, product, holderName: custodian ?? row.holder }
}

/** Whether a policy takes claims now, with the spec's flags (section 3) and the incident day. */
export async function policyState(db: Db | Tx, policy: PolicyRow, now: Date) {
	const events = await liveEvents(db, { customerId: policy.customerId, policyId: policy.id })
	const { state: _state, ...flags } = policyFlags(policy, events, lagosDate(now))
	return { ...flags, coverStart: policy.coverStart, coverEnd: policy.coverEnd }
}

/** What other claims of the policy took from the limit this one is measured against (per member on staff plans). */
export async function usedAgainstLimit(
	db: Db | Tx,
	claim: { policyId: string; incidentType: string; claimantStaffId: string | null; id?: string },
) {
	const [row] = await db
		.select({ used: sql<number>`coalesce(sum(coalesce((${claims.offer}->>'payable')::int, ${claims.amount})), 0)::int` })
		.from(claims)
		.where(
			and(
				eq(claims.policyId, claim.policyId),
				eq(claims.incidentType, claim.incidentType),
				claim.claimantStaffId ? eq(claims.claimantStaffId, claim.claimantStaffId) : sql`${claims.claimantStaffId} is null`,
				inArray(claims.status, [...COUNTS_AGAINST_LIMIT]),
				claim.id ? sql`${claims.id} <> ${claim.id}` : undefined,
			),
		)
	return row?.used ?? 0
}

/**
 * The claimant: a member of the staff plan when named, else the policy's custodian or holder. A
 * member who left the plan, or whose staff record is terminated or deactivated, is refused.
 */
async function claimantOf(db: Db | Tx, policy: PolicyRow, holderName: string, staffId: string | undefined, today: string) {
	if (!staffId) return { staffId: null, name: holderName }
	const [member] = await db
		.select({
			id: staff.id,
			first: staff.firstName,
			last: staff.lastName,
			endsOn: staff.endsOn,
			enrolledOn: employees.enrolledOn,
			leavesOn: employees.leavesOn,
			leaveKind: employees.leaveKind,
		})
		.from(staff)
		.leftJoin(employees, eq(employees.id, staff.employeeId))
		.where(and(eq(staff.id, staffId), eq(staff.policyId, policy.id), eq(staff.customerId, policy.customerId)))
	if (!member) throw fieldError(400, 'claimant_staff_id', 'Choose a member of this plan.')
	const name = `${member.first} ${member.last}`
	const refusal = claimantRefusal(
		{
			name,
			planEndsOn: member.endsOn,
			employee: member.enrolledOn
				? employeeStatus({ enrolledOn: member.enrolledOn, leavesOn: member.leavesOn, leaveKind: member.leaveKind }, today)
				: null,
		},
		today,
	)
	if (refusal) throw fieldError(409, 'claimant_staff_id', refusal)
	return { staffId: member.id, name }
}

/** The details of a claim, checked against its policy: incident type of the line, date in cover, amount within the limit. */
export async function checkDetails(db: Db | Tx, deps: Deps, ctx: Awaited<ReturnType<typeof policyOf>>, body: Details, claimId?: string) {
	const state = await policyState(db, ctx.policy, deps.now())
	const refusal = claimRefusal(state)
	if (refusal) {
		// A plan paused for an unpaid invoice says which, and how to lift it (docs/decisions/095).
		const unpaid = state.is_paused ? await pausingInvoice(db, ctx.policy.id) : null
		throw new ApiError(409, unpaid ? pausedClaimMessage(unpaid.number, unpaid.balance) : refusal)
	}
	if (!ctx.product.incident_types.includes(body.incident_type)) {
		throw fieldError(
			400,
			'incident_type',
			`Choose what happened: ${ctx.product.name} covers ${ctx.product.incident_types.map((t) => INCIDENT_TYPES[t].toLowerCase()).join(', ')}.`,
		)
	}
	const dateProblem = incidentDateProblem(body.incident_date, state, lagosDate(deps.now()))
	if (dateProblem) throw fieldError(400, 'incident_date', dateProblem)
	const claimant = await claimantOf(db, ctx.policy, ctx.holderName, body.claimant_staff_id, lagosDate(deps.now()))
	const limit = claimLimit(ctx.product, body.incident_type, ctx.input)
	const used = await usedAgainstLimit(db, {
		policyId: ctx.policy.id,
		incidentType: body.incident_type,
		claimantStaffId: claimant.staffId,
		...(claimId ? { id: claimId } : {}),
	})
	const amountProblem = claimAmountProblem(body.amount, limit, used)
	if (amountProblem) throw fieldError(400, 'amount', amountProblem)
	return claimant
}

import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm'
import type { IncidentType } from '../../contract/catalogue.ts'
import { type Claim, type ClaimListQuery, type ClaimSummary, type PlanUsage, USAGE_MEMBERS } from '../../contract/claims.ts'
import type { ClaimStatus } from '../../contract/statuses.ts'
import type { Db } from '../../db/client.ts'
import { jsonRows } from '../../db/json-rows.ts'
import { containsPattern } from '../../db/like.ts'
import type { Value } from '../../db/prepared-once.ts'
import { claimEvents, claims, customers, policies, users } from '../../db/schema.ts'
import { type Product, productById } from '../../domain/catalogue/index.ts'
import type { ClaimTodo } from '../../domain/todos.ts'
import {
	CLAIM_DOCUMENTS,
	COUNTS_AGAINST_LIMIT,
	type ClaimActor,
	claimLimit,
	claimNeeds,
	missingForReview,
	nextStep,
	payoutStep,
} from '../../domain/claims.ts'
import { filesOf, serializeFile } from './files.ts'
import { planMembers } from '../plan-members.ts'
import { latestPayout } from './payouts.ts'
import { policyOf, usedAgainstLimit } from './policy.ts'

// Claims as the customer's screens and the desk read them.

type ClaimRow = typeof claims.$inferSelect

function summary(
	claim: ClaimRow,
	policy: { policyNumber: string; kind: 'policy' | 'plan'; productId: number },
	business?: string,
): ClaimSummary {
	const product = productById(policy.productId as Product['id'])
	return {
		id: claim.id,
		claim_number: claim.claimNumber,
		status: claim.status,
		incident_type: claim.incidentType as IncidentType,
		incident_date: claim.incidentDate,
		amount: claim.amount,
		claimant_name: claim.claimantName,
		policy: {
			id: claim.policyId,
			policy_number: policy.policyNumber,
			kind: policy.kind,
			product_id: policy.productId,
			product_name: product.name,
			category: product.category,
		},
		...(business ? { business } : {}),
		created_at: claim.createdAt.toISOString(),
		updated_at: claim.updatedAt.toISOString(),
	}
}

/** A claim as its page shows it: the checklist with what is uploaded, the limit left, the timeline, the next step. */
export async function serializeClaim(db: Db, claim: ClaimRow, actor: ClaimActor = 'customer'): Promise<Claim> {
	const ctx = await policyOf(db, claim.customerId, claim.policyId)
	const incident = claim.incidentType as IncidentType
	const files = await filesOf(db, claim.id)
	const needs = claimNeeds(ctx.product.category, incident)
	const wanted = CLAIM_DOCUMENTS[incident]
	const events = await db
		.select({ event: claimEvents, first: users.firstName, last: users.lastName })
		.from(claimEvents)
		.leftJoin(users, eq(users.id, claimEvents.userId))
		.where(eq(claimEvents.claimId, claim.id))
		.orderBy(asc(claimEvents.createdAt), asc(claimEvents.id))
	// The bank transfer's state, when the claim goes to a bank account.
	const payout = claim.payoutMethod === 'bank' ? await latestPayout(db, claim.id) : null
	const [business] =
		actor === 'operator' ? await db.select({ name: customers.name }).from(customers).where(eq(customers.id, claim.customerId)) : []
	return {
		...summary(claim, ctx.policy, business?.name),
		place: claim.place,
		description: claim.description,
		claimant_staff_id: claim.claimantStaffId,
		estimate: claim.estimate,
		offer: claim.offer ?? null,
		decline_reason: (claim.declineReason as Claim['decline_reason']) ?? null,
		desk_note: claim.deskNote,
		rejection_comment: claim.rejectionComment,
		payout_approved_by: claim.payoutApprovedBy,
		payout: {
			method: claim.payoutMethod ?? 'wallet',
			bank: claim.payoutBank ?? null,
			status: payout?.status ?? null,
			reference: payout?.reference ?? null,
			failure_reason: payout?.failureReason ?? null,
		},
		needs,
		limit: claimLimit(ctx.product, incident, ctx.input),
		used: await usedAgainstLimit(db, claim),
		checklist: wanted.map((w) => {
			const file = files.find((f) => f.field === w.name)
			return { ...w, file: file ? serializeFile(file) : null }
		}),
		photos: files.filter((f) => f.field.startsWith('damage_')).map(serializeFile),
		missing: missingForReview({
			needs,
			photos: files.filter((f) => f.field.startsWith('damage_')).length,
			estimateLines: claim.estimate.length,
			documents: files.map((f) => f.field),
			wanted,
		}),
		next_step: payoutStep(claim.status, payout?.status ?? null, actor) ?? nextStep(claim.status, needs, actor),
		events: events.map(({ event, first, last }) => ({
			action: event.action,
			actor: event.actor,
			by: first ? `${first} ${last}` : null,
			from_status: (event.fromStatus as ClaimStatus | null) ?? null,
			to_status: event.toStatus as ClaimStatus,
			note: event.note,
			created_at: event.createdAt.toISOString(),
		})),
	}
}

/** The business's claims, newest first, filtered by status, product, policy, date of the incident and a search of number, claimant and place. */
export async function listClaims(db: Db, customerId: string | null, query: import('zod').output<typeof ClaimListQuery>, limit = 100) {
	const q = query.q ? containsPattern(query.q) : null
	const rows = await db
		.select({
			claim: claims,
			policyNumber: policies.policyNumber,
			kind: policies.kind,
			productId: policies.productId,
			business: customers.name,
		})
		.from(claims)
		.innerJoin(policies, eq(policies.id, claims.policyId))
		.innerJoin(customers, eq(customers.id, claims.customerId))
		.where(
			and(
				customerId ? eq(claims.customerId, customerId) : undefined,
				query.status ? eq(claims.status, query.status) : undefined,
				query.product_id ? eq(policies.productId, query.product_id) : undefined,
				query.policy_id ? eq(claims.policyId, query.policy_id) : undefined,
				query.from ? gte(claims.incidentDate, query.from) : undefined,
				query.to ? lte(claims.incidentDate, query.to) : undefined,
				q
					? or(ilike(claims.claimNumber, q), ilike(claims.claimantName, q), ilike(claims.place, q), ilike(policies.policyNumber, q))
					: undefined,
			),
		)
		.orderBy(customerId ? desc(claims.createdAt) : asc(claims.updatedAt), desc(claims.id))
		.limit(limit)
	return rows.map((r) => summary(r.claim, r, customerId ? undefined : r.business))
}

/**
 * A policy's claims against its limits: per member and per incident type (health plans), or the policy's limit.
 * A staff plan's members are those who have claimed, the most first and at most USAGE_MEMBERS of them, with a
 * count of the members today who have not: a bar each for a thousand members who claimed nothing said nothing.
 */
export async function planUsage(db: Db, customerId: string, policyId: string, today: string): Promise<PlanUsage> {
	const ctx = await policyOf(db, customerId, policyId)
	const rows = await db
		.select({
			incident: claims.incidentType,
			name: claims.claimantName,
			staffId: claims.claimantStaffId,
			count: sql<number>`count(*)::int`,
			used: sql<number>`coalesce(sum(coalesce((${claims.offer}->>'payable')::int, ${claims.amount})), 0)::int`,
		})
		.from(claims)
		.where(and(eq(claims.policyId, policyId), inArray(claims.status, [...COUNTS_AGAINST_LIMIT])))
		.groupBy(claims.incidentType, claims.claimantName, claims.claimantStaffId)
	const perPerson = ctx.product.category === 'health' ? ctx.product.claim_limits[0]!.amount : null
	// A claimant is the member the claim names, or, where it names none, the name written on it: two members of one name are two.
	const byMember = new Map<string, { name: string; used: number }>()
	for (const r of rows) {
		const key = r.staffId ?? `name:${r.name}`
		byMember.set(key, { name: r.name, used: (byMember.get(key)?.used ?? 0) + r.used })
	}
	const plan = ctx.policy.kind === 'plan'
	const unclaimed = plan
		? (await planMembers(db, customerId, ctx.policy, today)).filter((m) => !byMember.has(m.id) && !byMember.has(`name:${m.name}`)).length
		: null
	if (!plan && !byMember.has(`name:${ctx.holderName}`)) byMember.set(`name:${ctx.holderName}`, { name: ctx.holderName, used: 0 })
	const claimants = [...byMember.values()].sort((a, b) => b.used - a.used || a.name.localeCompare(b.name))
	const byIncident = ctx.product.incident_types.map((incident) => {
		const of = rows.filter((r) => r.incident === incident)
		return {
			incident_type: incident,
			used: of.reduce((s, r) => s + r.used, 0),
			claims: of.reduce((s, r) => s + r.count, 0),
			limit: claimLimit(ctx.product, incident, ctx.input),
		}
	})
	return {
		policy_id: ctx.policy.id,
		policy_number: ctx.policy.policyNumber,
		product_name: ctx.product.name,
		category: ctx.product.category,
		limits: [...ctx.product.claim_limits],
		by_member: claimants
			.slice(0, USAGE_MEMBERS)
			.map(({ name, used }) => ({ name, used, limit: perPerson ?? Math.max(...byIncident.map((b) => b.limit)) })),
		claimants: claimants.length,
		members_without_claims: unclaimed,
		by_incident: byIncident,
		total_used: rows.reduce((s, r) => s + r.used, 0),
	}
}

/**
 * The claims a todo asks the customer about: offers to answer and drafts (with any note of the desk),
 * oldest first; a column of the account's statement.
 */
export const claimsAwaitingCustomer = (customerId: Value) =>
	jsonRows<ClaimTodo>(
		sql`select c.id, c.claim_number as "claimNumber", c.status, c.desk_note as "deskNote", c.updated_at as at
			from claims c where c.customer_id = ${customerId} and c.status in ('pending', 'offer_sent')
			order by c.updated_at limit 5`,
		sql`r.at, r.id`,
	)

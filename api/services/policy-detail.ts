import type { PolicyDetail } from '../contract/purchases.ts'
import type { Quote } from '../contract/quotes.ts'
import { lagosDate } from '../domain/policies.ts'
import type { Deps } from '../deps.ts'
import { documentsOf } from './activation.ts'
import { staffCount } from './batch.ts'
import { planNextBill } from './billing/people.ts'
import { planMembers } from './plan-members.ts'
import { findPolicy, liveEvents, plansLeaving, serializePolicy } from './policies.ts'

/**
 * One of the business's policies or plans as GET /policies/:id answers, and as a change to it answers
 * after: its flags, activation details, documents and quote, and a staff plan's enrolled staff and next
 * bill (decision 161).
 */
export async function policyDetail(deps: Deps, customerId: string, id: string): Promise<PolicyDetail> {
	const { policy, purchase, custodian } = await findPolicy(deps.db, customerId, id)
	const events = await liveEvents(deps.db, { customerId, policyId: policy.id })
	const plan = policy.kind === 'plan'
	const leaving = plan && (await plansLeaving(deps.db, [policy.id], lagosDate(deps.now()))).has(policy.id)
	const nextBill = plan ? await planNextBill(deps.db, policy, lagosDate(deps.now())) : null
	return {
		...serializePolicy(policy, custodian, deps.now(), events, leaving),
		// The bill it prices, so the two agree where a month with nobody on the plan is skipped.
		...(plan ? { next_billing_date: nextBill?.issued_on ?? null } : {}),
		activation: policy.activation ?? null,
		documents: await documentsOf(deps.db, policy.id),
		quote: (purchase.quote as unknown as Quote) ?? null,
		// A pending plan's sheet; a live one's members today, as its members' list counts them (decision 168).
		staff_count: !plan
			? null
			: policy.status === 'pending'
				? await staffCount(deps.db, policy.id)
				: (await planMembers(deps.db, customerId, policy, lagosDate(deps.now()))).length,
		next_bill: nextBill,
	}
}

import type { InsurerCalls } from '#app/server/insurer.server.ts'
import type { Claimants } from './details-form.tsx'

// Who a claim on a staff plan is for (docs/decisions/170-who-a-plan-claim-is-for.md): a member of the plan,
// chosen from a list or, on a plan too large to list, named by email or phone. A policy's claim is its
// holder's and asks nothing.

/** The most members the choice lists; on a larger plan the member is named by email or phone number. */
export const CLAIMANT_CHOICES = 100

/** For a staff plan, the members a claim can be for: those covered today, not those still to join. Null for a policy. */
export async function loadClaimants(api: InsurerCalls, policy: { id: string; kind: string }): Promise<Claimants | null> {
	if (policy.kind !== 'plan') return null
	const { data } = await api.getPlanMembers(policy.id, { page_size: CLAIMANT_CHOICES })
	if (data.on_plan > CLAIMANT_CHOICES) return { search: true }
	return { options: data.members.filter((m) => m.state !== 'joining').map((m) => ({ id: m.id, name: m.name })) }
}

/**
 * The member the form names, or what to say beside the field (the form's own rules have asked for one); the API
 * checks again that they may claim.
 */
export async function readClaimant(
	api: InsurerCalls,
	policyId: string,
	claimants: Claimants,
	form: FormData,
): Promise<{ id: string } | { error: string }> {
	if ('options' in claimants) {
		const id = form.get('claimant_staff_id')
		return claimants.options.some((o) => o.id === id) ? { id: String(id) } : { error: 'Choose one of the members listed.' }
	}
	const value = String(form.get('claimant') ?? '').trim()
	if (!value && claimants.current) return { id: claimants.current.id }
	const { data } = await api.getPlanMembers(policyId, { q: value, page_size: 2 })
	const found = data.members.filter((m) => m.state !== 'joining')
	if (data.total > 1) return { error: 'Several members match: enter their whole email address or phone number.' }
	return found[0] ? { id: found[0].id } : { error: 'No member of this plan has that email address or phone number.' }
}

/** The form's fields as the API takes them: the member resolved to their id, the typed email or phone left out. */
export function claimBody(form: FormData, claimant: { id: string } | null) {
	const body = Object.fromEntries([...form].filter(([k, v]) => typeof v === 'string' && k !== 'claimant')) as Record<string, string>
	if (claimant) body.claimant_staff_id = claimant.id
	else delete body.claimant_staff_id
	return body
}

/** What was sent, to fill the form again when the member named is not found: strings only. */
export const sentValues = (form: FormData) => Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === 'string'))

import { Form, data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { type Claim, DECLINE_REASONS, type DeclineReason } from '#api/contract/claims.ts'
import { INCIDENT_TYPES } from '#api/contract/catalogue.ts'
import { formatDay, formatDayTime } from '#api/contract/dates.ts'
import { SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { Details, panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { statusOf } from '#app/lib/statuses.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { orNotFound, throwIfNotFound } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/segment'
import { loadClaim } from './claims.server.ts'
import { isOpen } from './steps.ts'
import { InlineError } from './parts.tsx'
import { PayoutChoice, PayoutState, paidToWords } from './payout.tsx'

// React Router matches whole segments only, so /claims/details-{claim_id} (spec section 2) and
// /claims/{plan_id} share this module: a `details-` prefix is a claim, anything else a plan.

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data && 'claim' in data && data.claim ? `Claim ${data.claim.claim_number}` : 'Plan claims'} · Cover Portal` },
]

const claimIdOf = (segment: string | undefined) => (segment?.startsWith('details-') ? segment.slice('details-'.length) : null)

export async function loader(args: Route.LoaderArgs) {
	const { permissions } = await requirePermission(args, 'claims.view')
	const api = apiFrom(args.context)
	const claimId = claimIdOf(args.params.planId)
	if (claimId) {
		const claim = await loadClaim(api, claimId)
		const canManage = permissions.includes('claims.manage')
		const banks = canManage && choosesPayout(claim) ? (await api.getPayoutBanks()).data : []
		return { kind: 'claim' as const, claim, canManage, banks }
	}
	const usage = (await orNotFound(api.getPlanUsage(args.params.planId), 'We could not find that plan.')).data
	const claims = (await api.getClaims({ policy_id: usage.policy_id })).data
	return { kind: 'plan' as const, usage, claims, canManage: permissions.includes('claims.manage') }
}

/** A claim's payout may be pointed elsewhere from the offer until it is paid, except while a transfer is with the bank. */
const choosesPayout = (claim: Claim) =>
	(claim.status === 'offer_sent' || claim.status === 'offer_accepted') && claim.payout.status !== 'processing'

/** Accept or reject the offer, or choose where it is paid (intent), on the claim's page. */
export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'claims.manage')
	const claimId = claimIdOf(args.params.planId)
	if (!claimId) throw data('Nothing to send here.', { status: 405 })
	const api = apiFrom(args.context)
	const form = await readForm(args.request)
	const intent = String(form.get('intent') ?? '')
	const text = (name: string) => String(form.get(name) ?? '').trim()
	const comment = text('comment')
	const account = { bank_code: text('bank_code'), account_number: text('account_number') }
	try {
		if (intent === 'payout_check') {
			const resolved = (await api.resolveClaimPayout(claimId, account)).data
			return data({ intent, resolved, values: account, comment: '', error: undefined })
		}
		const { message } =
			intent === 'accept'
				? await api.acceptOffer(claimId)
				: intent === 'payout_wallet'
					? await api.chooseClaimPayout(claimId, { method: 'wallet' })
					: intent === 'payout_bank'
						? await api.chooseClaimPayout(claimId, { method: 'bank', ...account, account_name: text('account_name') })
						: await api.rejectOffer(claimId, comment)
		return redirectWithToast(args.request, `/claims/details-${claimId}`, { type: 'success', description: message ?? 'Saved.' })
	} catch (error) {
		throwIfNotFound(error)
		if (!(error instanceof ApiCallError) || error.logout) throw error
		return data(
			{ intent, comment, values: account, resolved: undefined, error: error.fieldErrors[0]?.message ?? error.message },
			{ status: error.status >= 500 ? 502 : error.status },
		)
	}
}

export default function ClaimsSegment() {
	const loaded = useLoaderData<typeof loader>()
	return loaded.kind === 'claim' ? <ClaimDetails {...loaded} /> : <PlanClaims {...loaded} />
}

type ClaimData = Extract<Awaited<ReturnType<typeof loader>>, { kind: 'claim' }>

function ClaimDetails({ claim, canManage, banks }: ClaimData) {
	const actionData = useActionData<typeof action>()
	const offer = claim.offer
	return (
		<div className="space-y-6">
			<div>
				<p className="text-sm">
					<Link to="/claims" className="text-brand-700 underline">
						Claims
					</Link>
				</p>
				<h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold">
					Claim {claim.claim_number} <StatusBadge kind="claim" status={claim.status} />
				</h1>
			</div>
			{claim.next_step ? (
				<section className="rounded-xl border border-brand-200 bg-brand-50 p-4" aria-label="Next step">
					<p className="font-semibold">Next: {claim.next_step}</p>
					{canManage && isOpen(claim) ? (
						<Link to={`/claims/make-claim/${claim.id}/form`} className={`mt-2 ${buttonClass('primary')}`}>
							Continue the claim
						</Link>
					) : null}
				</section>
			) : null}
			{claim.status === 'declined' ? (
				<p className="rounded-md border border-red-200 bg-red-50 p-3">
					Declined: {DECLINE_REASONS[claim.decline_reason as DeclineReason] ?? 'see the timeline'}.
					{claim.desk_note ? ` ${claim.desk_note}` : ''}
				</p>
			) : null}
			{offer ? (
				<section className={panelClass} aria-labelledby="offer-heading">
					<h2 id="offer-heading" className="font-semibold">
						Our offer
					</h2>
					<Details
						items={[
							{ label: 'Assessed loss', value: formatNairaFull(offer.assessed) },
							{ label: 'Less the excess', value: `− ${formatNairaFull(offer.excess)}` },
							{ label: 'Less betterment', value: `− ${formatNairaFull(offer.betterment)}` },
							{ label: 'We pay', value: <strong>{formatNairaFull(offer.payable)}</strong> },
							{ label: 'Paid to', value: paidToWords(claim.payout) },
						]}
					/>
					{claim.status === 'offer_sent' && canManage ? (
						<div className="mt-4 flex flex-wrap gap-6">
							<Form method="post">
								<SubmitButton name="intent" value="accept" pendingText="Accepting…">
									Accept the offer
								</SubmitButton>
							</Form>
							<Form method="post" className="min-w-64 flex-1 space-y-2">
								<label htmlFor="comment" className="block text-sm font-medium">
									Why do you reject it?
								</label>
								<textarea
									id="comment"
									name="comment"
									rows={2}
									defaultValue={actionData?.comment ?? ''}
									className="block w-full rounded-md border border-slate-300 px-3 py-2"
								/>
								<SubmitButton name="intent" value="reject" variant="secondary" pendingText="Sending…">
									Reject the offer
								</SubmitButton>
							</Form>
						</div>
					) : null}
					{actionData && (actionData.intent === 'accept' || actionData.intent === 'reject') ? (
						<InlineError message={actionData.error} />
					) : null}
					<PayoutState claim={claim} />
					{(claim.status === 'paid' || claim.status === 'settled') && claim.payout.method === 'wallet' ? (
						<p className="mt-3 text-sm">
							Paid into your wallet.{' '}
							<Link to="/withdraw" className="text-brand-700 underline">
								Withdraw to your bank account
							</Link>
						</p>
					) : null}
				</section>
			) : null}
			{canManage && choosesPayout(claim) ? <PayoutChoice claim={claim} banks={banks} actionData={actionData} /> : null}
			<section className={panelClass} aria-labelledby="claim-heading">
				<h2 id="claim-heading" className="font-semibold">
					The claim
				</h2>
				<Details
					items={[
						{ label: 'Policy', value: `${claim.policy.product_name}, ${claim.policy.policy_number}` },
						{ label: 'Claimant', value: claim.claimant_name },
						{ label: 'What happened', value: INCIDENT_TYPES[claim.incident_type] },
						{
							label: 'When and where',
							value: (
								<>
									<time dateTime={claim.incident_date}>{formatDay(claim.incident_date)}</time>, {claim.place}
								</>
							),
						},
						{ label: 'Description', value: claim.description },
						{ label: 'Amount claimed', value: formatNairaFull(claim.amount) },
						{ label: 'Limit left', value: `${formatNairaFull(Math.max(0, claim.limit - claim.used))} of ${formatNairaFull(claim.limit)}` },
						{ label: 'Photos', value: claim.photos.length ? claim.photos.map((p) => p.filename).join(', ') : 'None' },
						{ label: 'Documents', value: claim.checklist.map((c) => `${c.label}: ${c.file ? 'uploaded' : 'missing'}`).join('; ') },
					]}
				/>
			</section>
			<section className={panelClass} aria-labelledby="timeline-heading">
				<h2 id="timeline-heading" className="font-semibold">
					Timeline
				</h2>
				<ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4">
					{claim.events.map((e) => (
						<li key={`${e.created_at}-${e.action}`}>
							<p className="text-sm">
								<strong>{statusOf('claim', e.to_status).label}</strong>{' '}
								<span className="text-slate-600">
									<time dateTime={e.created_at}>{formatDayTime(e.created_at)}</time>
									{e.actor === 'operator' ? ', by our claims desk' : e.by ? `, by ${e.by}` : ''}
								</span>
							</p>
							{e.note ? <p className="text-sm text-slate-700">{e.note}</p> : null}
						</li>
					))}
				</ol>
			</section>
		</div>
	)
}

type PlanData = Extract<Awaited<ReturnType<typeof loader>>, { kind: 'plan' }>

function PlanClaims({ usage, claims, canManage }: PlanData) {
	return (
		<div className="space-y-6">
			<div>
				<p className="text-sm">
					<Link to="/claims" className="text-brand-700 underline">
						Claims
					</Link>
				</p>
				<h1 className="text-2xl font-bold">
					Claims on {usage.product_name}, {usage.policy_number}
				</h1>
				<p className="mt-1 flex flex-wrap gap-4 text-sm">
					<Link to={`/mycover/${usage.policy_id}/plan-usage`} className="text-brand-700 underline">
						Plan usage chart
					</Link>
					{canManage ? (
						<Link to={`/claims/make-claim?policy=${usage.policy_id}`} className="text-brand-700 underline">
							Make a claim on this plan
						</Link>
					) : null}
				</p>
			</div>
			<section className={panelClass} aria-labelledby="left-heading">
				<h2 id="left-heading" className="font-semibold">
					What is left of the limits
				</h2>
				<ResponsiveTable caption="Claims against each limit" columns={['Incident', 'Claims', 'Used', 'Left']}>
					{usage.by_incident.map((i) => (
						<tr key={i.incident_type}>
							<Cell label="Incident">{INCIDENT_TYPES[i.incident_type]}</Cell>
							<Cell label="Claims">{i.claims}</Cell>
							<Cell label="Used">{formatNairaFull(i.used)}</Cell>
							<Cell label="Left">
								{formatNairaFull(Math.max(0, i.limit - i.used))} of {formatNairaFull(i.limit)}
							</Cell>
						</tr>
					))}
				</ResponsiveTable>
			</section>
			<section className={panelClass} aria-labelledby="plan-claims-heading">
				<h2 id="plan-claims-heading" className="font-semibold">
					Claims
				</h2>
				{claims.length === 0 ? (
					<p className="mt-2 text-sm">No claims on this plan yet.</p>
				) : (
					<ul className="mt-2 divide-y divide-slate-100">
						{claims.map((c) => (
							<li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
								<Link to={`/claims/details-${c.id}`} className="text-brand-700 underline">
									{c.claim_number}
								</Link>
								<span className="text-sm">
									{INCIDENT_TYPES[c.incident_type]}, {formatNairaFull(c.amount)}
								</span>
								<StatusBadge kind="claim" status={c.status} />
							</li>
						))}
					</ul>
				)}
			</section>
		</div>
	)
}

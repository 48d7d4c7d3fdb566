import { Form, data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { DECLINE_REASONS, type DeclineReason } from '#api/contract/claims.ts'
import { INCIDENT_TYPES } from '#api/contract/catalogue.ts'
import { formatDay, formatDayTime } from '#api/contract/dates.ts'
import { Select, SubmitButton, TextInput } from '#app/components/ui/form.tsx'
import { Details, panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { statusOf } from '#app/lib/statuses.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { orNotFound } from '#app/server/api-errors.server.ts'
import { orDeskLogin, requireOperator } from '#app/server/desk.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/review'
import { DeskFrame } from './layout.tsx'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Claim ${data?.claim.claim_number ?? ''} · Claims desk` }]

export async function loader(args: Route.LoaderArgs) {
	const { api, name } = await requireOperator(args)
	const claim = (await orDeskLogin(args, orNotFound(api.getDeskClaim(args.params.claimId), 'We could not find that claim.'))).data
	return { claim, name }
}

const INTENTS = ['approve', 'decline', 'request_documents', 'offer', 'approve_payout', 'pay', 'settle'] as const

/** Every desk action is one form with its intent; the API checks the claim's state and the operator's right to it. */
export async function action(args: Route.ActionArgs) {
	const { api } = await requireOperator(args)
	const id = args.params.claimId
	const form = await readForm(args.request)
	const intent = String(form.get('intent') ?? '') as (typeof INTENTS)[number]
	const text = (name: string) => String(form.get(name) ?? '').trim()
	try {
		const { message } = await orDeskLogin(
			args,
			intent === 'approve'
				? api.deskDecision(id, { decision: 'approve', note: text('note') })
				: intent === 'decline'
					? api.deskDecision(id, { decision: 'decline', reason_code: text('reason_code'), note: text('note') })
					: intent === 'request_documents'
						? api.deskDecision(id, { decision: 'request_documents', note: text('note') })
						: intent === 'offer'
							? api.deskOffer(id, {
									assessed: text('assessed'),
									parts_amount: text('parts_amount') || '0',
									asset_age_years: text('asset_age_years') || '0',
								})
							: intent === 'approve_payout'
								? api.deskApprovePayout(id)
								: intent === 'pay'
									? api.deskPay(id)
									: api.deskSettle(id),
		)
		return redirectWithToast(args.request, `/ops/claims/${id}`, { type: 'success', description: message ?? 'Done.' })
	} catch (error) {
		if (!(error instanceof ApiCallError)) throw error
		const values = Object.fromEntries(['note', 'reason_code', 'assessed', 'parts_amount', 'asset_age_years'].map((n) => [n, text(n)]))
		return data(
			{ intent, values, error: error.fieldErrors[0]?.message ?? error.message },
			{ status: error.status >= 500 ? 502 : error.status },
		)
	}
}

export default function DeskReview() {
	const { claim, name } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const v = actionData?.values ?? {}
	const error = (intent: string) =>
		actionData?.intent === intent ? (
			<p role="alert" className="mt-2 text-sm text-red-700">
				{actionData.error}
			</p>
		) : null
	const fileUrl = (fileId: string) => `/ops/claims/${claim.id}/files/${fileId}`
	return (
		<DeskFrame name={name}>
			<p className="text-sm">
				<Link to="/ops" className="text-brand-700 underline">
					Queue
				</Link>
			</p>
			<h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold">
				Claim {claim.claim_number} <StatusBadge kind="claim" status={claim.status} />
			</h1>
			{claim.next_step ? <p className="mt-1 font-medium">Next: {claim.next_step}</p> : null}
			<div className="mt-6 grid gap-6 lg:grid-cols-2">
				<section className={panelClass} aria-labelledby="facts">
					<h2 id="facts" className="mb-3 font-semibold">
						The claim
					</h2>
					<Details
						items={[
							{ label: 'Business', value: claim.business ?? '' },
							{ label: 'Policy', value: `${claim.policy.product_name}, ${claim.policy.policy_number}` },
							{ label: 'Claimant', value: claim.claimant_name },
							{
								label: 'Incident',
								value: (
									<>
										{INCIDENT_TYPES[claim.incident_type]}, <time dateTime={claim.incident_date}>{formatDay(claim.incident_date)}</time>,{' '}
										{claim.place}
									</>
								),
							},
							{ label: 'Description', value: claim.description },
							{ label: 'Claimed', value: formatNairaFull(claim.amount) },
							{
								label: 'Limit left',
								value: `${formatNairaFull(Math.max(0, claim.limit - claim.used))} of ${formatNairaFull(claim.limit)}`,
							},
							{
								label: 'Estimate',
								value: claim.estimate.length
									? claim.estimate.map((l) => `${l.kind}: ${l.description} ${formatNairaFull(l.amount)}`).join('; ')
									: 'None',
							},
							...(claim.rejection_comment ? [{ label: 'Customer’s comment on the offer', value: claim.rejection_comment }] : []),
						]}
					/>
				</section>
				<section className={panelClass} aria-labelledby="evidence">
					<h2 id="evidence" className="mb-3 font-semibold">
						Photos and documents
					</h2>
					<div className="grid grid-cols-2 gap-3">
						{claim.photos.map((p) => (
							<a key={p.id} href={fileUrl(p.id)}>
								<img
									src={fileUrl(p.id)}
									alt={`Damage ${p.field.replace('damage_', '')}: ${p.filename}`}
									className="h-40 w-full rounded object-cover"
								/>
							</a>
						))}
					</div>
					<ul className="mt-3 space-y-1 text-sm">
						{claim.checklist.map((c) => (
							<li key={c.name}>
								{c.label}:{' '}
								{c.file ? (
									<a href={fileUrl(c.file.id)} className="text-brand-700 underline">
										{c.file.filename}
									</a>
								) : (
									'missing'
								)}
							</li>
						))}
					</ul>
				</section>
			</div>
			{claim.status === 'documented' ? (
				<section className={`mt-6 grid gap-6 md:grid-cols-3 ${panelClass}`} aria-label="Decision">
					<Form method="post" className="space-y-2">
						<h2 className="font-semibold">Approve</h2>
						<TextInput name="note" aria-label="Note for approval" placeholder="Note (optional)" />
						<SubmitButton name="intent" value="approve" pendingText="Approving…">
							Approve
						</SubmitButton>
						{error('approve')}
					</Form>
					<Form method="post" className="space-y-2">
						<h2 className="font-semibold">Decline</h2>
						<Select name="reason_code" aria-label="Reason for declining" defaultValue={v.reason_code ?? ''}>
							<option value="">Choose a reason</option>
							{Object.entries(DECLINE_REASONS).map(([value, label]) => (
								<option key={value} value={value}>
									{label}
								</option>
							))}
						</Select>
						<TextInput
							name="note"
							aria-label="Note for the customer"
							defaultValue={actionData?.intent === 'decline' ? v.note : ''}
							placeholder="Note to the customer"
						/>
						<SubmitButton name="intent" value="decline" variant="secondary" pendingText="Declining…">
							Decline
						</SubmitButton>
						{error('decline')}
					</Form>
					<Form method="post" className="space-y-2">
						<h2 className="font-semibold">Ask for documents</h2>
						<TextInput
							name="note"
							aria-label="Documents needed"
							defaultValue={actionData?.intent === 'request_documents' ? v.note : ''}
							placeholder="What is needed"
						/>
						<SubmitButton name="intent" value="request_documents" variant="secondary" pendingText="Sending…">
							Request documents
						</SubmitButton>
						{error('request_documents')}
					</Form>
				</section>
			) : null}
			{claim.status === 'approved' || claim.status === 'offer_rejected' ? (
				<Form method="post" className={`mt-6 grid gap-3 sm:grid-cols-4 sm:items-end ${panelClass}`} aria-label="Offer">
					<label htmlFor="assessed" className="text-sm font-medium">
						Assessed loss (₦)
						<TextInput id="assessed" name="assessed" inputMode="numeric" defaultValue={v.assessed ?? String(claim.amount)} />
					</label>
					<label htmlFor="parts_amount" className="text-sm font-medium">
						Of which parts (₦)
						<TextInput id="parts_amount" name="parts_amount" inputMode="numeric" defaultValue={v.parts_amount ?? '0'} />
					</label>
					<label htmlFor="asset_age_years" className="text-sm font-medium">
						Age of the item (years)
						<TextInput id="asset_age_years" name="asset_age_years" inputMode="numeric" defaultValue={v.asset_age_years ?? '0'} />
					</label>
					<SubmitButton name="intent" value="offer" pendingText="Sending…">
						Send the offer
					</SubmitButton>
					<p className="text-sm text-slate-600 sm:col-span-4">The excess and betterment are deducted by the rules of the line.</p>
					{error('offer')}
				</Form>
			) : null}
			{claim.offer ? (
				<section className={`mt-6 ${panelClass}`} aria-labelledby="offer">
					<h2 id="offer" className="mb-2 font-semibold">
						Offer
					</h2>
					<p>
						Assessed {formatNairaFull(claim.offer.assessed)} − excess {formatNairaFull(claim.offer.excess)} − betterment{' '}
						{formatNairaFull(claim.offer.betterment)} = <strong>{formatNairaFull(claim.offer.payable)}</strong>
					</p>
					<p className="mt-2 text-sm">
						Paid to:{' '}
						{claim.payout.method === 'bank' && claim.payout.bank
							? `${claim.payout.bank.account_name}, ${claim.payout.bank.bank_name} ${claim.payout.bank.account_number} (bank transfer)`
							: 'the customer’s wallet'}
						{claim.payout.status ? (
							<>
								{' '}
								<StatusBadge kind="claim_payout" status={claim.payout.status} />
								{claim.payout.failure_reason ? ` ${claim.payout.failure_reason}` : ''}
							</>
						) : null}
					</p>
					{claim.status === 'offer_accepted' && claim.payout.status !== 'processing' ? (
						<div className="mt-3 flex flex-wrap gap-3">
							{claim.payout_approved_by ? <p className="text-sm">Payout approved by a second operator.</p> : null}
							<Form method="post">
								<SubmitButton name="intent" value="approve_payout" variant="secondary" pendingText="Approving…">
									Approve the payout
								</SubmitButton>
								{error('approve_payout')}
							</Form>
							<Form method="post">
								<SubmitButton name="intent" value="pay" pendingText="Paying…">
									{claim.payout.method === 'bank' ? "Pay to the customer's bank account" : "Pay into the customer's wallet"}
								</SubmitButton>
								{error('pay')}
							</Form>
						</div>
					) : null}
					{claim.status === 'paid' ? (
						<Form method="post" className="mt-3">
							<SubmitButton name="intent" value="settle" variant="secondary" pendingText="Settling…">
								Settle the claim
							</SubmitButton>
							{error('settle')}
						</Form>
					) : null}
				</section>
			) : null}
			<section className={`mt-6 ${panelClass}`} aria-labelledby="audit">
				<h2 id="audit" className="mb-2 font-semibold">
					Audit trail
				</h2>
				<ol className="space-y-1 text-sm">
					{claim.events.map((e) => (
						<li key={`${e.created_at}-${e.action}`}>
							<time dateTime={e.created_at}>{formatDayTime(e.created_at)}</time>: {e.action.replaceAll('_', ' ')} →{' '}
							{statusOf('claim', e.to_status).label}
							{e.by ? ` by ${e.by}` : ''}
							{e.note ? ` (${e.note})` : ''}
						</li>
					))}
				</ol>
			</section>
			{claim.decline_reason ? <p className="mt-4 text-sm">Declined: {DECLINE_REASONS[claim.decline_reason as DeclineReason]}</p> : null}
		</DeskFrame>
	)
}

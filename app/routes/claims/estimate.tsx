import { Form, data, useActionData, useLoaderData } from 'react-router'
import { Select, SubmitButton, TextInput } from '#app/components/ui/form.tsx'
import { NairaInput } from '#app/components/ui/inputs.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { ApiCallError } from '#app/server/api.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/estimate'
import { loadOpenClaim } from './claims.server.ts'
import { ClaimSteps, InlineError } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Estimate · Cover Portal' }]

/** Rows of the form: enough for a repairer's quote or a hospital bill, without JavaScript to add more. */
const ROWS = 6
const KINDS = [
	['parts', 'Parts'],
	['labour', 'Labour'],
	['bill', 'Bill'],
	['other', 'Other'],
] as const

export async function loader(args: Route.LoaderArgs) {
	const { claim } = await loadOpenClaim(args)
	return { claim }
}

type Line = { kind: string; description: string; amount: string }

/** The lines typed; blank rows are left out. The API checks each line and the total against the limit. */
export async function action(args: Route.ActionArgs) {
	const { api, claim } = await loadOpenClaim(args)
	const form = await readForm(args.request)
	const lines: Line[] = Array.from({ length: ROWS }, (_, i) => ({
		kind: String(form.get(`lines[${i}].kind`) ?? ''),
		description: String(form.get(`lines[${i}].description`) ?? '').trim(),
		amount: String(form.get(`lines[${i}].amount`) ?? '').trim(),
	}))
	const filled = lines.filter((l) => l.description || l.amount)
	try {
		await api.saveEstimate(claim.id, filled)
		return redirectWithToast(args.request, `/claims/make-claim/${claim.id}/list`, { type: 'success', description: 'Estimate saved.' })
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.logout) throw error
		const beside = error.fieldErrors.map((e) => {
			const m = e.path.match(/^lines\.(\d+)\.(\w+)$/)
			return m ? `Line ${Number(m[1]) + 1}: ${e.message}` : e.message
		})
		return data({ lines, errors: beside.length ? beside : [error.message] }, { status: error.status >= 500 ? 502 : error.status })
	}
}

export default function Estimate() {
	const { claim } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const lines: Line[] =
		actionData?.lines ??
		Array.from({ length: ROWS }, (_, i) => {
			const l = claim.estimate[i]
			return l ? { kind: l.kind, description: l.description, amount: String(l.amount) } : { kind: 'parts', description: '', amount: '' }
		})
	return (
		<>
			<h1 className="text-2xl font-bold">{claim.policy.category === 'health' ? 'Hospital bill' : 'Repair estimate'}</h1>
			<p className="mb-4 text-slate-700">Copy the lines of the estimate or bill; leave unused rows empty.</p>
			<ClaimSteps claim={claim} />
			<Form method="post" className={`space-y-3 ${panelClass}`}>
				{actionData?.errors.map((e) => (
					<InlineError key={e} message={e} />
				))}
				{/* The columns named once on a wide screen; on a phone each line names its own fields. */}
				<p aria-hidden className="hidden gap-2 text-sm font-medium text-slate-700 sm:grid sm:grid-cols-[8rem_1fr_10rem]">
					<span>Kind</span>
					<span>Description</span>
					<span>Amount (₦)</span>
				</p>
				{lines.map((line, i) => {
					const id = (field: string) => `line-${i}-${field}`
					const label = 'text-sm font-medium text-slate-700 sm:hidden'
					return (
						<fieldset
							// biome-ignore lint/suspicious/noArrayIndexKey: the form's rows are fixed positions
							key={i}
							className="grid gap-x-2 gap-y-1 border-t border-slate-100 pt-3 first-of-type:border-0 first-of-type:pt-0 sm:grid-cols-[8rem_1fr_10rem] sm:border-0 sm:pt-0"
						>
							<legend className="mb-1 text-sm font-semibold sm:sr-only">Line {i + 1}</legend>
							<label htmlFor={id('kind')} className={label}>
								Kind
							</label>
							<Select id={id('kind')} name={`lines[${i}].kind`} defaultValue={line.kind} aria-label={`Line ${i + 1}: kind`}>
								{KINDS.map(([value, kindLabel]) => (
									<option key={value} value={value}>
										{kindLabel}
									</option>
								))}
							</Select>
							<label htmlFor={id('description')} className={label}>
								Description
							</label>
							<TextInput
								id={id('description')}
								name={`lines[${i}].description`}
								defaultValue={line.description}
								aria-label={`Line ${i + 1}: description`}
								placeholder="Like Screen replacement"
							/>
							<label htmlFor={id('amount')} className={label}>
								Amount (₦)
							</label>
							<NairaInput
								id={id('amount')}
								name={`lines[${i}].amount`}
								defaultValue={line.amount}
								aria-label={`Line ${i + 1}: amount`}
								inputMode="numeric"
							/>
						</fieldset>
					)
				})}
				<SubmitButton pendingText="Saving…">Save the estimate</SubmitButton>
			</Form>
		</>
	)
}

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
				{lines.map((line, i) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: the form's rows are fixed positions
					<fieldset key={i} className="grid gap-2 sm:grid-cols-[8rem_1fr_10rem]">
						<legend className="sr-only">Line {i + 1}</legend>
						<Select name={`lines[${i}].kind`} defaultValue={line.kind} aria-label={`Line ${i + 1}: kind`}>
							{KINDS.map(([value, label]) => (
								<option key={value} value={value}>
									{label}
								</option>
							))}
						</Select>
						<TextInput
							name={`lines[${i}].description`}
							defaultValue={line.description}
							aria-label={`Line ${i + 1}: description`}
							placeholder="Like Screen replacement"
						/>
						<NairaInput name={`lines[${i}].amount`} defaultValue={line.amount} aria-label={`Line ${i + 1}: amount`} inputMode="numeric" />
					</fieldset>
				))}
				<SubmitButton pendingText="Saving…">Save the estimate</SubmitButton>
			</Form>
		</>
	)
}

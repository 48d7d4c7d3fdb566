import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { PeriodBody } from '#api/contract/plans.ts'
import { formatDay } from '#api/contract/dates.ts'
import { ErrorList, FormError, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { PERIOD_VALUES, type Period, periodLabel } from '#app/lib/periods.ts'
import { formConstraint } from '#app/server/forms.server.ts'
import type { Route } from './+types/edit-period-of-cover'
import { loadForManaging, submitManaging } from './mycover.server.ts'
import { PolicyCrumb } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Edit period of cover · My cover · Cover Portal' }]

/** A new billing period, from the next renewal (docs/decisions/079-effective-dates.md). */
export async function loader(args: Route.LoaderArgs) {
	const { policy } = await loadForManaging(args)
	if (policy.period === null) throw data('This cover is for a trip: it has no period to change.', { status: 404 })
	return { policy, constraint: formConstraint(PeriodBody) }
}

export async function action(args: Route.ActionArgs) {
	return submitManaging(args, PeriodBody, (api, policy, value) => api.changePeriod(policy.id, value), 'Saved.')
}

export default function EditPeriodOfCover() {
	const { policy, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'edit-period',
		lastResult: actionData?.result,
		constraint,
		defaultValue: { period: policy.period ?? 'annual' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: PeriodBody }),
	})
	return (
		<>
			<PolicyCrumb policy={policy} />
			<h1 className="mt-2 text-2xl font-bold">Edit period of cover</h1>
			<p className="mt-1 text-slate-600">
				Now {periodLabel(policy.period as Period).toLowerCase()}. A new period takes effect at the next renewal, on{' '}
				{formatDay(policy.next_period_start)}; until then nothing changes.
			</p>
			<Form method="post" className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<fieldset>
					<legend className="font-semibold">Renew every</legend>
					{PERIOD_VALUES.map((p) => (
						<label key={p} className="mt-2 flex gap-2">
							<input type="radio" name={fields.period.name} value={p} defaultChecked={fields.period.initialValue === p} />
							<span>{periodLabel(p)}</span>
						</label>
					))}
					<ErrorList id={fields.period.errorId} errors={fields.period.errors} />
				</fieldset>
				<div className="flex flex-wrap gap-3">
					<SubmitButton pendingText="Saving…">Change from the next renewal</SubmitButton>
					<Link to={`/mycover/${policy.id}`} className={buttonClass('secondary')}>
						Cancel
					</Link>
				</div>
			</Form>
		</>
	)
}

import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { RemoveBody } from '#api/contract/plans.ts'
import { formatDay } from '#api/contract/dates.ts'
import { ErrorList, FormError, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { formConstraint } from '#app/server/forms.server.ts'
import type { Route } from './+types/remove-policies'
import { loadForManaging, submitManaging } from './mycover.server.ts'
import { PolicyCrumb } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Deactivate or remove · My cover · Cover Portal' }]

/** Deactivate or remove a policy or plan, now where the product allows it or at the end of its period (decision 081). */
export async function loader(args: Route.LoaderArgs) {
	const { policy } = await loadForManaging(args)
	return { policy, constraint: formConstraint(RemoveBody) }
}

export async function action(args: Route.ActionArgs) {
	return submitManaging(args, RemoveBody, (api, policy, value) => api.removePolicy(policy.id, value), 'Done.')
}

export default function RemovePolicies() {
	const { policy, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'remove-policy',
		lastResult: actionData?.result,
		constraint,
		defaultValue: { action: 'deactivate', when: 'period_end' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RemoveBody }),
	})
	const what = policy.kind === 'plan' ? 'staff plan' : 'policy'
	const endDay = formatDay(policy.next_period_start)
	return (
		<>
			<PolicyCrumb policy={policy} />
			<h1 className="mt-2 text-2xl font-bold">Deactivate or remove this {what}</h1>
			<p className="mt-1 text-slate-600">
				{policy.product_name} · {policy.policy_number}
			</p>
			<Form method="post" className="mt-6 space-y-6 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<fieldset>
					<legend className="font-semibold">What to do</legend>
					<label className="mt-2 flex gap-2">
						<input type="radio" name={fields.action.name} value="deactivate" defaultChecked={fields.action.initialValue === 'deactivate'} />
						<span>
							<strong>Deactivate</strong>: cover stops; the {what} and its history stay in My cover, and you can buy it again any time.
						</span>
					</label>
					<label className="mt-2 flex gap-2">
						<input type="radio" name={fields.action.name} value="terminate" defaultChecked={fields.action.initialValue === 'terminate'} />
						<span>
							<strong>Remove</strong>: the {what} is ended for good
							{policy.kind === 'plan' ? ' and every member loses cover' : ''}; it cannot be brought back.
						</span>
					</label>
					<ErrorList id={fields.action.errorId} errors={fields.action.errors} />
				</fieldset>
				<fieldset>
					<legend className="font-semibold">When</legend>
					<label className="mt-2 flex gap-2">
						<input type="radio" name={fields.when.name} value="period_end" defaultChecked={fields.when.initialValue === 'period_end'} />
						<span>
							<strong>At the end of the period</strong>: cover runs to the end of its period, and there is none from {endDay}.{' '}
							{/* A staff plan is billed monthly in arrears, a month whole (decisions 095 and 161). */}
							{policy.kind === 'plan' ? 'Its last month is billed in full.' : 'Nothing more is charged.'}
						</span>
					</label>
					<label className="mt-2 flex gap-2">
						<input
							type="radio"
							name={fields.when.name}
							value="now"
							disabled={!policy.ends_at_once}
							defaultChecked={fields.when.initialValue === 'now'}
						/>
						<span className={policy.ends_at_once ? '' : 'text-slate-500'}>
							<strong>Now</strong>:{' '}
							{policy.ends_at_once
								? `cover ends today; claims for anything after today are refused.${policy.kind === 'plan' ? ' The month of its last day is still billed, in full.' : ''}`
								: `not for this ${what}: it was paid for its whole period, so it ends at the end of the period.`}
						</span>
					</label>
					<ErrorList id={fields.when.errorId} errors={fields.when.errors} />
				</fieldset>
				<div className="flex flex-wrap gap-3">
					<SubmitButton pendingText="Saving…">Confirm</SubmitButton>
					<Link to={`/mycover/${policy.id}`} className={buttonClass('secondary')}>
						Keep it
					</Link>
				</div>
			</Form>
		</>
	)
}

import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { formatDay } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { Field, FormError, Select, SubmitButton, TextInput, buttonClass, inputProps } from '#app/components/ui/form.tsx'
import { Details, Panel } from '#app/components/ui/panel.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { throwIfNotFound } from '#app/server/api-errors.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/edit-plan'
import { loadForManaging } from './mycover.server.ts'
import { PolicyCrumb } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Edit plan · My cover · Cover Portal' }]

const EditPlanSchema = z.object({
	intent: z.enum(['preview', 'confirm']).default('preview'),
	product_id: z.string({ error: 'Choose a plan.' }).regex(/^\d{1,6}$/, 'Choose a plan.'),
	slots: z.coerce
		.number({ error: 'Enter how many staff the plan covers.' })
		.int('Enter a whole number of staff.')
		.min(1, 'A plan covers at least 1 person.')
		.max(1_000, 'A plan covers at most 1,000 staff.'),
})

/** A staff plan's plan (tier) or slots, from its next period; the difference a month is shown before confirming. */
export async function loader(args: Route.LoaderArgs) {
	const { api, policy } = await loadForManaging(args)
	if (policy.kind !== 'plan') throw data('Only a staff plan can be edited here.', { status: 404 })
	const plans = (await api.getProducts('health')).data.filter((p) => p.plan_types.includes('standard'))
	return {
		policy,
		plans: plans.map((p) => ({ id: String(p.id), label: `${p.name} (${p.provider})` })),
		constraint: formConstraint(EditPlanSchema),
	}
}

export async function action(args: Route.ActionArgs) {
	const { api, policy } = await loadForManaging(args)
	const submission = parseWithZod(await readForm(args.request), { schema: EditPlanSchema })
	if (submission.status !== 'success') return data({ result: submission.reply(), preview: null }, { status: 400 })
	const { intent, product_id, slots } = submission.value
	let answer
	try {
		answer = await api.changePlan(policy.id, { product_id: Number(product_id), slots, confirm: intent === 'confirm' })
	} catch (error) {
		throwIfNotFound(error)
		return replyWithApiError(submission, error)
	}
	if (intent === 'confirm') return redirectWithToast(args.request, `/mycover/${policy.id}`, toastFor(200, answer.message ?? 'Saved.'))
	return { result: submission.reply(), preview: answer.data }
}

export default function EditPlan() {
	const { policy, plans, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const preview = actionData && 'preview' in actionData ? actionData.preview : null
	const [form, fields] = useForm({
		id: 'edit-plan',
		lastResult: actionData?.result,
		constraint,
		defaultValue: { product_id: String(policy.product_id), slots: String(policy.slots ?? 1) },
	})
	return (
		<>
			<PolicyCrumb policy={policy} />
			<h1 className="mt-2 text-2xl font-bold">Edit plan</h1>
			<p className="mt-1 text-slate-600">
				Now {policy.product_name} for up to {policy.slots} staff. A change takes effect from the next period, on{' '}
				{formatDay(policy.next_period_start)}.
			</p>
			<Form method="post" className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<Field label="Plan" id={fields.product_id.id} errorId={fields.product_id.errorId} errors={fields.product_id.errors}>
					<Select id={fields.product_id.id} name={fields.product_id.name} defaultValue={fields.product_id.initialValue}>
						{plans.map((p) => (
							<option key={p.id} value={p.id}>
								{p.label}
							</option>
						))}
					</Select>
				</Field>
				<Field label="Staff covered (slots)" id={fields.slots.id} errorId={fields.slots.errorId} errors={fields.slots.errors}>
					<TextInput {...inputProps(fields.slots, { type: 'number' })} inputMode="numeric" />
				</Field>
				<SubmitButton name="intent" value="preview" pendingText="Working out the price…">
					See the new price
				</SubmitButton>
			</Form>
			{preview ? (
				<Panel id="preview-heading" title="The new price">
					<Details
						items={[
							{
								label: 'Now',
								value: `${preview.current.product_name}, ${preview.current.slots} staff: ${formatNairaFull(preview.current.monthly)} a month`,
							},
							{
								label: 'From next period',
								value: `${preview.proposed.product_name}, ${preview.proposed.slots} staff: ${formatNairaFull(preview.proposed.monthly)} a month`,
							},
							{
								label: 'Difference',
								value: `${preview.difference >= 0 ? '+' : '−'}${formatNairaFull(Math.abs(preview.difference))} a month`,
							},
							{ label: 'Takes effect', value: formatDay(preview.effective_on) },
						]}
					/>
					<Form method="post" className="mt-4 flex flex-wrap gap-3">
						<input type="hidden" name="product_id" value={String(preview.proposed.product_id)} />
						<input type="hidden" name="slots" value={String(preview.proposed.slots)} />
						<SubmitButton name="intent" value="confirm" pendingText="Saving…">
							Confirm the change
						</SubmitButton>
						<Link to={`/mycover/${policy.id}`} className={buttonClass('secondary')}>
							Cancel
						</Link>
					</Form>
				</Panel>
			) : null}
		</>
	)
}

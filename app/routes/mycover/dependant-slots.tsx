import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { DEPENDANTS_A_MEMBER, DependantSlotsBody } from '#api/contract/plans.ts'
import { Link } from '#app/components/ui/link.tsx'
import { Field, FormError, SubmitButton, TextInput, buttonClass, inputProps } from '#app/components/ui/form.tsx'
import { Details, Panel } from '#app/components/ui/panel.tsx'
import { formatCount, formatNairaFull } from '#app/lib/money.ts'
import { plural } from '#app/lib/plural.ts'
import { formConstraint } from '#app/server/forms.server.ts'
import type { Route } from './+types/dependant-slots'
import { loadForManaging, submitManaging } from './mycover.server.ts'
import { PolicyCrumb } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Dependant slots · My cover · Cover Portal' }]

/** A staff plan's dependant slots: how many dependants its members may add between them (decision 165). */
export async function loader(args: Route.LoaderArgs) {
	const { api, policy } = await loadForManaging(args)
	if (policy.kind !== 'plan') throw data('Only a staff plan has dependant slots.', { status: 404 })
	const slots = (await api.getDependantSlots(policy.id)).data
	return { policy, slots, constraint: formConstraint(DependantSlotsBody) }
}

export async function action(args: Route.ActionArgs) {
	return submitManaging(args, DependantSlotsBody, (api, policy, value) => api.setDependantSlots(policy.id, value), 'Saved.')
}

export default function DependantSlots() {
	const { policy, slots, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'dependant-slots',
		lastResult: actionData?.result,
		constraint,
		defaultValue: { dependant_slots: String(slots.dependant_slots) },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: DependantSlotsBody }),
	})
	const free = Math.max(0, slots.dependant_slots - slots.dependants)
	return (
		<>
			<PolicyCrumb policy={policy} />
			<h1 className="mt-2 text-2xl font-bold">Dependant slots</h1>
			<p className="mt-1 max-w-prose text-slate-600">
				How many dependants the members of {policy.product_name} may add between them: each member a spouse and up to four children under
				18.
				{slots.monthly_rate !== null
					? ` A dependant is billed as a member is, ${formatNairaFull(slots.monthly_rate)} a month, for the days they are covered.`
					: ' A dependant is billed as a member is, for the days they are covered.'}{' '}
				A change holds at once.
			</p>
			<Panel id="slots-heading" title="Now">
				<Details
					items={[
						{ label: 'Dependant slots', value: formatCount(slots.dependant_slots) },
						{ label: 'Held by dependants', value: formatCount(slots.dependants) },
						{ label: 'Free', value: formatCount(free) },
						{
							label: 'Most this plan may have',
							value: `${plural(slots.max, 'slot')}, ${DEPENDANTS_A_MEMBER} for each of its ${formatCount(policy.slots ?? 0)} staff`,
						},
					]}
				/>
			</Panel>
			<Form method="post" className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<Field
					label="Dependant slots"
					hint={`From ${formatCount(slots.dependants)}, the dependants on the plan now, to ${formatCount(slots.max)}.`}
					id={fields.dependant_slots.id}
					errorId={fields.dependant_slots.errorId}
					errors={fields.dependant_slots.errors}
				>
					<TextInput {...inputProps(fields.dependant_slots, { type: 'number' })} inputMode="numeric" />
				</Field>
				<div className="flex flex-wrap gap-3">
					<SubmitButton pendingText="Saving…">Save dependant slots</SubmitButton>
					<Link to={`/mycover/${policy.id}`} className={buttonClass('secondary')}>
						Cancel
					</Link>
				</div>
			</Form>
		</>
	)
}

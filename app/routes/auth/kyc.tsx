import { getFormProps, useForm } from '@conform-to/react'
import { useAccountDraft } from '#app/client/use-account-draft.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useState } from 'react'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { BusinessBody } from '#api/contract/business.ts'
import { Field, FormError, Select, Stepper, SubmitButton, TextField, inputProps } from '#app/components/ui/form.tsx'
import { PhoneField } from '#app/components/ui/phone-input.tsx'
import { needsCacVerification } from '#app/lib/account.ts'
import { BUSINESS_TYPES } from '#app/lib/business-types.ts'
import { safeReturnUrl } from '#app/lib/return-url.ts'
import { FORBIDDEN_PAGE, requireReadyUser, userPermissions } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import { BUY_STEP, BUY_STEPS, isBuyJourney } from '../register/steps.ts'
import type { Route } from './+types/kyc'

export const meta: Route.MetaFunction = () => [{ title: 'Your details · Cover Portal' }]

/**
 * The screen completes KYC, so the guard lets a user without a sector in; but a member whose role
 * may not edit the business (a Viewer) may not change its details. The owner holds every permission.
 */
async function requireKycEditor(args: Route.LoaderArgs | Route.ActionArgs) {
	const user = await requireReadyUser(args, '/update/kyc')
	if (!(await userPermissions(args, user)).includes('business.manage')) throw data(FORBIDDEN_PAGE, { status: 403 })
	return user
}

export async function loader(args: Route.LoaderArgs) {
	const user = await requireKycEditor(args)
	const api = apiFrom(args.context)
	const [sectors, states] = await Promise.all([api.getSectors(), api.getStatesWithLga()])
	const c = user.customer
	return {
		kind: c.kind,
		buying: isBuyJourney(new URL(args.request.url).searchParams.get('return_url')),
		constraint: formConstraint(BusinessBody),
		sectors: sectors.data,
		states: states.data.states,
		defaults: {
			name: c.kind === 'business' ? c.name : undefined,
			sector: c.sector ?? '',
			business_type: c.business_type ?? '',
			registration_number: c.registration_number ?? '',
			state: c.state ?? '',
			lga: c.lga ?? '',
			address: c.address ?? '',
			phone: c.phone ?? user.phone ?? '',
		},
	}
}

export async function action(args: Route.ActionArgs) {
	const user = await requireKycEditor(args)
	const submission = parseWithZod(await readForm(args.request), { schema: BusinessBody })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	let customer
	try {
		customer = (await apiFrom(args.context).submitBusiness(user.customer.id, submission.value)).data
	} catch (error) {
		return replyWithApiError(submission, error)
	}
	// A registered business goes on to confirm its registration (decision 011), unless it was on its
	// way to another page (a purchase to pay, decision 017): the CAC todo waits for it.
	const asked = safeReturnUrl(new URL(args.request.url).searchParams.get('return_url'))
	const next = asked === '/' && needsCacVerification(customer) ? '/?dialog=cac' : asked
	return redirectWithToast(args.request, next, { type: 'success', description: 'Your details are saved.' })
}

/** After hydration only the chosen state's LGAs are offered; without JavaScript all are, grouped by state. */
function useHydrated() {
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	return hydrated
}

export default function Kyc() {
	const { kind, buying, sectors, states, defaults, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const hydrated = useHydrated()
	const [form, fields] = useForm({
		id: 'kyc',
		lastResult: actionData?.result,
		defaultValue: defaults,
		constraint,
	})
	const draft = useAccountDraft('business_profile')
	const chosenState = String(fields.state.value ?? '')
	const chosenType = String(fields.business_type.value ?? '')
	const shownStates = hydrated && chosenState ? states.filter((s) => s.state === chosenState) : states
	return (
		<>
			{buying ? <Stepper steps={BUY_STEPS} current={BUY_STEP.details} /> : null}
			<h1 className="text-2xl font-bold">{kind === 'business' ? 'Your business details' : 'Your details'}</h1>
			<p className="mt-1 text-slate-600">We need these once, to issue cover in your name.</p>
			<Form method="post" className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)} ref={draft}>
				<FormError id={form.errorId} errors={form.errors} />
				{kind === 'business' ? (
					<>
						<TextField field={fields.name} label="Business name" autoComplete="organization" />
						<fieldset className="space-y-2" aria-describedby={fields.business_type.errorId}>
							<legend className="text-sm font-medium text-slate-800">How is the business registered?</legend>
							{BUSINESS_TYPES.map((t) => (
								<label key={t.value} className="flex items-center gap-2">
									<input
										type="radio"
										name={fields.business_type.name}
										value={t.value}
										defaultChecked={defaults.business_type === t.value}
										className="size-4 accent-brand-700"
									/>
									{t.label}
								</label>
							))}
							{fields.business_type.errors ? (
								<p id={fields.business_type.errorId} className="text-sm text-red-700">
									{fields.business_type.errors[0]}
								</p>
							) : null}
						</fieldset>
						{chosenType !== 'none' ? (
							<TextField
								field={fields.registration_number}
								label="CAC registration number"
								hint="As on your certificate, like RC1234567 or BN1234567"
								autoCapitalize="characters"
							/>
						) : null}
					</>
				) : null}
				<Field label="Sector" id={fields.sector.id} errorId={fields.sector.errorId} errors={fields.sector.errors}>
					<Select {...inputProps(fields.sector, { type: 'text' })} defaultValue={defaults.sector}>
						<option value="">Choose a sector</option>
						{sectors.map((s) => (
							<option key={s}>{s}</option>
						))}
					</Select>
				</Field>
				<div className="grid gap-4 sm:grid-cols-2">
					<Field label="State" id={fields.state.id} errorId={fields.state.errorId} errors={fields.state.errors}>
						<Select {...inputProps(fields.state, { type: 'text' })} defaultValue={defaults.state}>
							<option value="">Choose a state</option>
							{states.map((s) => (
								<option key={s.state}>{s.state}</option>
							))}
						</Select>
					</Field>
					<Field label="Local government area" id={fields.lga.id} errorId={fields.lga.errorId} errors={fields.lga.errors}>
						<Select {...inputProps(fields.lga, { type: 'text' })} defaultValue={defaults.lga} key={hydrated ? chosenState : 'all'}>
							<option value="">Choose an LGA</option>
							{shownStates.map((s) => (
								<optgroup key={s.state} label={s.state}>
									{s.lgas.map((l) => (
										<option key={l}>{l}</option>
									))}
								</optgroup>
							))}
						</Select>
					</Field>
				</div>
				<TextField field={fields.address} label="Address" autoComplete="street-address" />
				<PhoneField field={fields.phone} />
				<SubmitButton className="w-full sm:w-auto" pendingText="Saving…">
					Save and continue
				</SubmitButton>
			</Form>
		</>
	)
}

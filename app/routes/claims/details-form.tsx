import { type FieldMetadata, getFormProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { z } from 'zod'
import { INCIDENT_TYPES, type IncidentType } from '#api/contract/catalogue.ts'
import { ClaimDetailsBody } from '#api/contract/claims.ts'
import { Field, FormError, Select, SubmitButton, TextField, TextInput, inputProps } from '#app/components/ui/form.tsx'
import { NairaInput } from '#app/components/ui/inputs.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import type { SubmissionResult } from '@conform-to/react'

export { ClaimDetailsBody }

/** Who a staff plan's claim is for (decision 170): chosen from its members, or named by email or phone on a plan too large to list. */
export type Claimants =
	| { options: Array<{ id: string; name: string }> }
	| { search: true /** A draft's member so far, kept when the field is left empty. */; current?: { id: string; name: string } }

/** The form's rules: on a staff plan, who the claim is for is asked too, checked on the page as on the server. */
export function claimSchema(claimants: Claimants | null | undefined) {
	if (!claimants) return ClaimDetailsBody
	return 'options' in claimants
		? ClaimDetailsBody.extend({ claimant_staff_id: z.uuid({ error: 'Choose the member the claim is for.' }) })
		: ClaimDetailsBody.extend({
				claimant: claimants.current
					? z.string().trim().max(100, 'Keep it to 100 characters.').optional()
					: z
							.string({ error: "Enter the member's email address or phone number." })
							.trim()
							.min(3, "Enter the member's email address or phone number.")
							.max(100, 'Keep it to 100 characters.'),
			})
}

type Values = {
	incident_type?: string
	incident_date?: string
	place?: string
	description?: string
	amount?: string | number
	claimant_staff_id?: string | null
}

/** The incident: what happened, when, where, and how much is claimed. The API checks the line's incident types, the cover period and the limit. */
export function ClaimDetailsForm({
	id,
	incidentTypes,
	defaults,
	lastResult,
	constraint,
	submitLabel,
	limitText,
	claimants,
	claimantProblem,
}: {
	id: string
	incidentTypes: readonly IncidentType[]
	defaults?: Values
	lastResult: SubmissionResult<string[]> | undefined
	constraint: Record<string, Record<string, unknown>>
	submitLabel: string
	limitText: string | null
	/** On a staff plan: the members it can be for, or a field to name one by email or phone (decision 170). */
	claimants?: Claimants | null
	/** The server's word on the member named (none or several match), kept apart from the form's own checks. */
	claimantProblem?: string | null
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint,
		defaultValue: defaults
			? {
					...defaults,
					amount: defaults.amount === undefined ? '' : String(defaults.amount),
					claimant_staff_id: defaults.claimant_staff_id ?? '',
				}
			: undefined,
		shouldValidate: 'onBlur',
		// A message goes as the field is put right, not as it loses focus: the button the person reaches for does not move under them.
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: claimSchema(claimants) }),
	})
	const { key: _k, ...incident } = getSelectProps(fields.incident_type as FieldMetadata<string>)
	const { key: _d, ...description } = getTextareaProps(fields.description as FieldMetadata<string>)
	const claimant = fields.claimant_staff_id as FieldMetadata<string>
	const { key: _c, ...chooseClaimant } = getSelectProps(claimant)
	const named = (fields as unknown as Record<'claimant', FieldMetadata<string>>).claimant
	return (
		<Form method="post" className={`space-y-5 ${panelClass}`} {...getFormProps(form)}>
			<FormError id={form.errorId} errors={form.errors} />
			{claimants ? (
				'options' in claimants ? (
					<Field
						label="Who the claim is for"
						hint="A member of this staff plan."
						id={claimant.id}
						errorId={claimant.errorId}
						errors={claimant.errors ?? (claimantProblem ? [claimantProblem] : undefined)}
					>
						<Select {...chooseClaimant}>
							<option value="">Choose</option>
							{claimants.options.map((m) => (
								<option key={m.id} value={m.id}>
									{m.name}
								</option>
							))}
						</Select>
					</Field>
				) : (
					<Field
						label="Who the claim is for"
						hint={
							claimants.current
								? `For ${claimants.current.name}. For another member, their email address or phone number.`
								: "The member's email address or phone number, as the staff list has it."
						}
						id={named.id}
						errorId={named.errorId}
						errors={named.errors ?? (claimantProblem ? [claimantProblem] : undefined)}
					>
						<TextInput
							{...inputProps(named, { type: 'text' })}
							{...(claimantProblem && !named.errors ? { 'aria-invalid': true, 'aria-describedby': named.errorId } : {})}
							autoComplete="off"
						/>
					</Field>
				)
			) : null}
			<Field label="What happened" id={fields.incident_type.id} errorId={fields.incident_type.errorId} errors={fields.incident_type.errors}>
				<Select {...incident}>
					<option value="">Choose</option>
					{incidentTypes.map((t) => (
						<option key={t} value={t}>
							{INCIDENT_TYPES[t]}
						</option>
					))}
				</Select>
			</Field>
			<TextField field={fields.incident_date as FieldMetadata<string>} label="Date of the incident" type="date" />
			<TextField field={fields.place as FieldMetadata<string>} label="Where it happened" hint="Like Allen Avenue, Ikeja, Lagos." />
			<Field
				label="What happened, in your words"
				id={fields.description.id}
				errorId={fields.description.errorId}
				errors={fields.description.errors}
			>
				<textarea {...description} rows={4} className="block w-full rounded-md border border-slate-300 px-3 py-2" />
			</Field>
			<Field
				label="Amount you are claiming"
				hint={limitText ?? 'In whole Naira.'}
				id={fields.amount.id}
				errorId={fields.amount.errorId}
				errors={fields.amount.errors}
			>
				<NairaInput {...inputProps(fields.amount as FieldMetadata<string>, { type: 'text' })} inputMode="numeric" autoComplete="off" />
			</Field>
			<SubmitButton pendingText="Saving…">{submitLabel}</SubmitButton>
		</Form>
	)
}

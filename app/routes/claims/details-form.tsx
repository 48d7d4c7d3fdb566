import { type FieldMetadata, getFormProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { INCIDENT_TYPES, type IncidentType } from '#api/contract/catalogue.ts'
import { ClaimDetailsBody } from '#api/contract/claims.ts'
import { Field, FormError, Select, SubmitButton, TextField, inputProps } from '#app/components/ui/form.tsx'
import { NairaInput } from '#app/components/ui/inputs.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import type { SubmissionResult } from '@conform-to/react'

export { ClaimDetailsBody }

type Values = { incident_type?: string; incident_date?: string; place?: string; description?: string; amount?: string | number }

/** The incident: what happened, when, where, and how much is claimed. The API checks the line's incident types, the cover period and the limit. */
export function ClaimDetailsForm({
	id,
	incidentTypes,
	defaults,
	lastResult,
	constraint,
	submitLabel,
	limitText,
}: {
	id: string
	incidentTypes: readonly IncidentType[]
	defaults?: Values
	lastResult: SubmissionResult<string[]> | undefined
	constraint: Record<string, Record<string, unknown>>
	submitLabel: string
	limitText: string | null
}) {
	const [form, fields] = useForm({
		id,
		lastResult,
		constraint,
		defaultValue: defaults ? { ...defaults, amount: defaults.amount === undefined ? '' : String(defaults.amount) } : undefined,
		shouldValidate: 'onBlur',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ClaimDetailsBody }),
	})
	const { key: _k, ...incident } = getSelectProps(fields.incident_type as FieldMetadata<string>)
	const { key: _d, ...description } = getTextareaProps(fields.description as FieldMetadata<string>)
	return (
		<Form method="post" className={`space-y-5 ${panelClass}`} {...getFormProps(form)}>
			<FormError id={form.errorId} errors={form.errors} />
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

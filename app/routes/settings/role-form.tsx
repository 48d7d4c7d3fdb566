import { type SubmissionResult, getCollectionProps, getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { ErrorList, Field, FormError, SubmitButton, TextField } from '#app/components/ui/form.tsx'
import { inputClassName } from '#app/components/ui/inputs.tsx'

/** The areas of the permission catalogue, in the order a business owner thinks of them. */
const AREAS = [
	['business', 'Business'],
	['team', 'Team'],
	['roles', 'Roles'],
	['activities', 'Activities'],
	['wallet', 'Wallet'],
	['cards', 'Cards'],
	['transactions', 'Transactions'],
	['invoices', 'Invoices'],
	['employees', 'Employees'],
	['plans', 'Plans'],
	['claims', 'Claims'],
	['products', 'Products'],
] as const

export type PermissionInfo = { name: string; description: string }

/** The catalogue grouped by area: a permission's area is the part of its name before the dot. */
function byArea(catalogue: readonly PermissionInfo[]) {
	const area = (p: PermissionInfo) => p.name.split('.')[0]!
	const known = new Set<string>(AREAS.map(([key]) => key))
	const groups: Array<{ key: string; label: string; permissions: PermissionInfo[] }> = AREAS.map(([key, label]) => ({
		key,
		label,
		permissions: catalogue.filter((p) => area(p) === key),
	}))
	// A permission of an area added later still shows, so that it can be granted.
	groups.push({ key: 'other', label: 'Other', permissions: catalogue.filter((p) => !known.has(area(p))) })
	return groups.filter((g) => g.permissions.length)
}

type RoleFormProps = {
	id: string
	lastResult: SubmissionResult<string[]> | null | undefined
	constraint: Parameters<typeof useForm>[0]['constraint']
	catalogue: readonly PermissionInfo[]
	defaultValue?: { name: string; description: string; permissions: string[] }
	submitLabel: string
	pendingText: string
}

/**
 * The role's name, description and permissions, shared by the new-role and edit-role screens. The
 * form is checked on the server only (decision 006); each permission is labelled by its description.
 */
export function RoleForm({ id, lastResult, constraint, catalogue, defaultValue, submitLabel, pendingText }: RoleFormProps) {
	const [form, fields] = useForm({ id, lastResult, constraint, defaultValue })
	const { key: _key, ...descriptionProps } = getTextareaProps(fields.description) as ReturnType<typeof getTextareaProps> & {
		key?: string
	}
	return (
		<Form method="post" className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)}>
			<FormError id={form.errorId} errors={form.errors} />
			<TextField field={fields.name} label="Name" autoComplete="off" />
			<Field
				label="Description"
				hint="Optional: who the role is for"
				id={fields.description.id}
				errorId={fields.description.errorId}
				errors={fields.description.errors}
			>
				<textarea {...descriptionProps} rows={2} className={inputClassName} />
			</Field>
			<fieldset className="space-y-4">
				<legend className="text-sm font-medium text-slate-800">Permissions</legend>
				<p className="text-xs text-slate-600">You can grant only permissions you have yourself.</p>
				<ErrorList id={fields.permissions.errorId} errors={fields.permissions.errors} />
				<div className="grid gap-4 sm:grid-cols-2">
					{byArea(catalogue).map((group) => {
						const options = group.permissions.map((p) => p.name)
						const described = new Map(group.permissions.map((p) => [p.name, p.description]))
						return (
							<fieldset key={group.key} className="rounded-md border border-slate-200 p-3">
								<legend className="px-1 text-sm font-semibold text-slate-900">{group.label}</legend>
								<ul className="space-y-1">
									{getCollectionProps(fields.permissions, { type: 'checkbox', options }).map(({ key, ...props }) => (
										<li key={key}>
											<label className="flex items-start gap-2 text-sm">
												<input {...props} className="mt-0.5 size-4 shrink-0 accent-brand-700" />
												{described.get(props.value)}
											</label>
										</li>
									))}
								</ul>
							</fieldset>
						)
					})}
				</div>
			</fieldset>
			<div className="flex flex-wrap items-center gap-3">
				<SubmitButton pendingText={pendingText}>{submitLabel}</SubmitButton>
				<Link to="/settings/roles" className="font-medium text-brand-700 underline">
					Cancel
				</Link>
			</div>
		</Form>
	)
}

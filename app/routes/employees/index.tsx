import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, useActionData, useLoaderData } from 'react-router'
import { formatDay } from '#api/contract/dates.ts'
import { Users } from '#app/components/ui/icons.tsx'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { dialogHref, filteredHref, formHref, readDialog } from '#app/lib/query.ts'
import { EmptyState, NoRows } from '#app/components/ui/empty-state.tsx'
import { ErrorList, Field, FormError, Select, SubmitButton, TextInput, buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { EmailAddress } from '#app/components/ui/email-address.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { requireBusinessPermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/index'
import { PersonSchema, loadEmployees } from './employees.server.ts'
import { employeesHref } from './query.ts'
import { PersonFields } from './person-fields.tsx'
import { plural } from '#app/lib/plural.ts'

const AddSchema = PersonSchema.extend({ plan_id: z.string().optional() })

export const meta: Route.MetaFunction = () => [{ title: 'Employees · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requireBusinessPermission(args, 'employees.view')
	const url = new URL(args.request.url)
	const api = apiFrom(args.context)
	// The add dialog and its form, by spec section 2's query helpers (app/lib/query.ts).
	const adding = readDialog(url.searchParams, ['add'] as const) === 'add'
	const [{ view, status }, plans] = await Promise.all([
		loadEmployees(api, url.searchParams),
		// The newest hundred staff plans: the API filters by kind and pages.
		adding ? api.getPolicies({ kind: 'plan', page_size: 100 }).then((r) => r.data.items) : Promise.resolve([]),
	])
	return data({ ...view, adding, plans, constraint: formConstraint(AddSchema) }, { status })
}

export async function action(args: Route.ActionArgs) {
	await requireBusinessPermission(args, 'employees.manage')
	const submission = parseWithZod(await readForm(args.request), { schema: AddSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const { plan_id, ...person } = submission.value
	let created
	try {
		created = await apiFrom(args.context).createEmployee({ ...person, plan_ids: plan_id ? [plan_id] : [] })
	} catch (error) {
		return replyWithApiError(submission, error)
	}
	return redirectWithToast(args.request, `/employees/${created.data.id}`, toastFor(201, created.message ?? 'Staff member added.'))
}

const STATUS_FILTERS = [
	{ value: 'active', label: 'Active' },
	{ value: 'pending', label: 'Pending (joining or leaving)' },
	{ value: 'terminated', label: 'Terminated or deactivated' },
]
const SORTS = [
	{ value: 'name', label: 'Name' },
	{ value: 'enrolled', label: 'Newest enrolled' },
	{ value: 'email', label: 'Email address' },
]

export default function Employees() {
	const { filters, from, items, next_cursor, total, errors, adding, plans, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm<z.input<typeof AddSchema>>({
		id: 'add-employee',
		lastResult: actionData?.result,
		constraint,
		shouldRevalidate: 'onBlur',
	})
	const filtered = Boolean(filters.q || filters.status)
	const nothingYet = items.length === 0 && !filtered && from === 1 && Object.keys(errors).length === 0
	const closeTo = filteredHref('/employees', filters)
	const withDialog = formHref(dialogHref(closeTo, 'add'), 'employee', 'create')
	const { q: _q, status: _s, sort: _o, ...rest } = errors
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">Employees</h1>
				{/* On a phone a grid, the main action across it and the others two by two; from 640 px a row. */}
				<div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap">
					<Link to={withDialog} className={buttonClass('primary', 'col-span-2')} preventScrollReset>
						Add staff member
					</Link>
					<Link to="/import-staff" className={buttonClass('secondary')}>
						Import staff list
					</Link>
					<Link to="/employees/remove-staff" className={buttonClass('secondary')}>
						Remove staff
					</Link>
					<Link to="/employees/deactivate" className={buttonClass('secondary')}>
						Deactivate staff
					</Link>
					<a href={filteredHref('/employees.csv', filters)} download className={buttonClass('secondary')}>
						Export CSV
					</a>
				</div>
			</div>
			<section aria-labelledby="staff-heading" className={panelClass}>
				<h2 id="staff-heading" className="sr-only">
					Staff
				</h2>
				{/* Search once there is someone to find: a business with no staff sees how to add them. */}
				{nothingYet ? null : (
					<Form method="get" className="mb-5 flex flex-wrap items-end gap-3" aria-label="Search and filter the staff">
						<div className="min-w-56 flex-[2] space-y-1">
							<label htmlFor="staff-q" className="block text-sm font-medium text-slate-800">
								Search
							</label>
							<TextInput id="staff-q" type="search" name="q" defaultValue={filters.q} placeholder="Name, email or phone" />
							<ErrorList errors={errors.q ? [errors.q] : null} />
						</div>
						<div className="min-w-40 flex-1 space-y-1">
							<label htmlFor="staff-status" className="block text-sm font-medium text-slate-800">
								Status
							</label>
							<Select id="staff-status" name="status" defaultValue={filters.status}>
								<option value="">All staff</option>
								{STATUS_FILTERS.map((o) => (
									<option key={o.value} value={o.value}>
										{o.label}
									</option>
								))}
							</Select>
							<ErrorList errors={errors.status ? [errors.status] : null} />
						</div>
						<div className="min-w-40 flex-1 space-y-1">
							<label htmlFor="staff-sort" className="block text-sm font-medium text-slate-800">
								Sort by
							</label>
							<Select id="staff-sort" name="sort" defaultValue={filters.sort}>
								{SORTS.map((o) => (
									<option key={o.value} value={o.value}>
										{o.label}
									</option>
								))}
							</Select>
						</div>
						<div className="flex gap-2">
							<button type="submit" className={buttonClass('primary')}>
								Search
							</button>
							{filtered ? (
								<Link to="/employees" className={buttonClass('secondary')}>
									Clear
								</Link>
							) : null}
						</div>
					</Form>
				)}
				<FormError errors={Object.values(rest)} />
				{items.length === 0 ? (
					<NoRows
						noun="staff"
						refused={Object.keys(errors).length > 0}
						filtered={filtered}
						clearTo="/employees"
						noMatch="No staff match this search."
						clearLabel="Clear the search"
						first={
							<EmptyState
								icon={Users}
								title="No staff yet. Add a member of staff or import your staff list."
								next={{ to: '/import-staff', label: 'Import staff list' }}
							/>
						}
					/>
				) : (
					<>
						<ResponsiveTable
							caption={`Staff, rows ${from} to ${from + items.length - 1} of ${total > 1_000 ? 'over 1,000' : total}`}
							columns={['S/N', 'Name', 'Email Address', 'Phone Number', 'Date enrolled', 'Total policies', 'Status', 'Details']}
						>
							{items.map((e, i) => (
								<tr key={e.id}>
									<Cell label="S/N" tableOnly>
										{from + i}
									</Cell>
									<Cell label="Name" header>
										{/* A phone's card is headed by the name, as a link: its Details row is the table's. */}
										<span className="hidden sm:inline">
											{e.first_name} {e.last_name}
										</span>
										<Link to={`/employees/${e.id}`} className="text-brand-700 underline sm:hidden">
											{e.first_name} {e.last_name}
										</Link>
									</Cell>
									<Cell label="Email Address">
										<EmailAddress value={e.email} />
									</Cell>
									<Cell label="Phone Number" className="whitespace-nowrap">
										{e.phone}
									</Cell>
									<Cell label="Date enrolled" className="whitespace-nowrap">
										{formatDay(e.enrolled_on)}
									</Cell>
									<Cell label="Total policies">{e.total_policies}</Cell>
									<Cell label="Status">
										<StatusBadge kind="employee" status={e.status} />
										{e.leaves_on && (e.status.startsWith('to_be') || e.status.startsWith('is_')) ? (
											<span className="mt-1 block text-xs text-slate-600">Covered to {formatDay(e.leaves_on)}</span>
										) : null}
									</Cell>
									<Cell label="Details" tableOnly>
										<Link to={`/employees/${e.id}`} className="font-medium text-brand-700 underline">
											View
											<span className="sr-only">
												{' '}
												{e.first_name} {e.last_name}
											</span>
										</Link>
									</Cell>
								</tr>
							))}
						</ResponsiveTable>
						<p className="mt-3 text-sm text-slate-600">{total > 1_000 ? 'Over 1,000 staff' : plural(total, 'member of staff', 'staff')}</p>
						<nav aria-label="Pages of the staff" className="mt-4 flex gap-3 text-sm">
							{from > 1 ? (
								<Link to={closeTo} className="text-brand-700 underline">
									First page
								</Link>
							) : null}
							{next_cursor ? (
								<Link
									to={employeesHref('/employees', filters, { cursor: next_cursor, from: from + items.length })}
									className="text-brand-700 underline"
								>
									Next page
								</Link>
							) : null}
						</nav>
					</>
				)}
			</section>
			{adding ? (
				<Dialog title="Add a member of staff" closeTo={closeTo}>
					<Form method="post" className="space-y-4" {...getFormProps(form)}>
						<FormError id={form.errorId} errors={form.errors} />
						<PersonFields fields={fields} />
						{plans.length ? (
							<Field label="Staff plan (optional)" id={fields.plan_id.id} errorId={fields.plan_id.errorId} errors={fields.plan_id.errors}>
								<Select id={fields.plan_id.id} name={fields.plan_id.name} defaultValue={fields.plan_id.initialValue as string | undefined}>
									<option value="">Not on a plan yet</option>
									{plans.map((p) => (
										<option key={p.id} value={p.id}>
											{p.product_name} ({p.policy_number})
										</option>
									))}
								</Select>
							</Field>
						) : null}
						<SubmitButton pendingText="Adding…">Add staff member</SubmitButton>
					</Form>
				</Dialog>
			) : null}
		</div>
	)
}

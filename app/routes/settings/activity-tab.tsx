import { Form } from 'react-router'
import { formatDayTime } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { ErrorList, FormError, Select, buttonClass } from '#app/components/ui/form.tsx'
import { DateRangeFields } from '#app/components/ui/date-range.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { History } from '#app/components/ui/icons.tsx'
import { formatCount } from '#app/lib/money.ts'
import { ACTIVITY_TYPES, activityTypeLabel } from './activity-types.ts'
import { plural } from '#app/lib/plural.ts'

type Activity = { id: string; type: string; description: string; actor: { name: string } | null; created_at: string }
type Filters = { type: string; from: string; to: string }

type Props = {
	filters: Filters
	items: Activity[]
	page: number
	pageCount: number
	total: number
	/** The count stopped here: more entries than this. */
	capped: number | null
	errors: Record<string, string>
}

/** The link to a page of the log with the same filters. */
function pageHref(filters: Filters, page: number) {
	const search = new URLSearchParams({ tab: 'activity' })
	for (const [k, v] of Object.entries(filters)) if (v) search.set(k, v)
	if (page > 1) search.set('page', String(page))
	return `/settings?${search}`
}

export function ActivityTab({ filters, items, page, pageCount, total, capped, errors }: Props) {
	const { type: typeError, from: fromError, to: toError, ...rest } = errors
	const otherErrors = Object.values(rest)
	const filtered = Boolean(filters.type || filters.from || filters.to)
	return (
		<Panel id="activity-heading" title="Activity">
			<Form method="get" className="mb-5 flex flex-wrap items-end gap-3" aria-label="Filter the activity">
				<input type="hidden" name="tab" value="activity" />
				<div className="min-w-48 flex-1 space-y-1">
					<label htmlFor="activity-type" className="block text-sm font-medium text-slate-800">
						Type
					</label>
					<Select
						id="activity-type"
						name="type"
						defaultValue={filters.type}
						aria-invalid={typeError ? true : undefined}
						aria-describedby={typeError ? 'activity-type-error' : undefined}
					>
						<option value="">All types</option>
						{ACTIVITY_TYPES.map((t) => (
							<option key={t.value} value={t.value}>
								{t.label}
							</option>
						))}
					</Select>
					<ErrorList id="activity-type-error" errors={typeError ? [typeError] : null} />
				</div>
				<DateRangeFields idPrefix="activity" values={filters} errors={{ from: fromError, to: toError }} />
				<div className="flex gap-2">
					<button type="submit" className={buttonClass('primary')}>
						Filter
					</button>
					{filtered ? (
						<Link to="/settings?tab=activity" className={buttonClass('secondary')}>
							Clear
						</Link>
					) : null}
				</div>
			</Form>
			<FormError errors={otherErrors} />
			{items.length === 0 ? (
				Object.keys(errors).length ? null : (
					<EmptyState icon={History} title={filtered ? 'No activity matches these filters.' : 'No activity yet.'}>
						{filtered ? 'Widen the dates or clear the filters.' : 'Sign-ins, purchases and changes to the team show here as they happen.'}
					</EmptyState>
				)
			) : (
				<>
					<ResponsiveTable
						caption={`Activity of the business, newest first, page ${page} of ${pageCount}`}
						columns={['When', 'What happened', 'Type', 'By']}
					>
						{items.map((a) => (
							<tr key={a.id}>
								<Cell label="When" className="whitespace-nowrap">
									<time dateTime={a.created_at}>{formatDayTime(a.created_at)}</time>
								</Cell>
								<Cell label="What happened">{a.description}</Cell>
								<Cell label="Type">{activityTypeLabel(a.type)}</Cell>
								<Cell label="By">{a.actor?.name ?? 'The system'}</Cell>
							</tr>
						))}
					</ResponsiveTable>
					<p className="mt-3 text-sm text-slate-600">
						{capped ? `More than ${formatCount(capped)} entries: narrow the dates to reach older ones` : plural(total, 'entry', 'entries')}
					</p>
				</>
			)}
			{items.length > 0 ? (
				<Pagination label="Pages of the activity" page={page} pageCount={pageCount} href={(p) => pageHref(filters, p)} />
			) : null}
		</Panel>
	)
}

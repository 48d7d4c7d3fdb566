import { Form } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { ErrorList, Select, buttonClass } from '#app/components/ui/form.tsx'
import { DateRangeFields } from '#app/components/ui/date-range.tsx'
import { statusOptions } from '#app/lib/statuses.ts'
import { TYPES } from '#app/lib/transaction-labels.ts'

export type Filters = { type: string; status: string; from: string; to: string }

const controls = [
	{ name: 'type', label: 'Type', all: 'All types', options: TYPES },
	{ name: 'status', label: 'Status', all: 'All statuses', options: statusOptions('transaction') },
] as const

/** A GET form, so the filters live in the URL and work without JavaScript. */
export function TransactionFilters({ filters, errors }: { filters: Filters; errors: Record<string, string> }) {
	const filtered = Object.values(filters).some(Boolean)
	const described = (name: string) =>
		errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `transactions-${name}-error` } : {}
	return (
		<Form method="get" className="mb-5 flex flex-wrap items-end gap-3" aria-label="Filter the transactions">
			{controls.map((c) => (
				<div key={c.name} className="min-w-40 flex-1 space-y-1">
					<label htmlFor={`transactions-${c.name}`} className="block text-sm font-medium text-slate-800">
						{c.label}
					</label>
					<Select id={`transactions-${c.name}`} name={c.name} defaultValue={filters[c.name]} {...described(c.name)}>
						<option value="">{c.all}</option>
						{c.options.map((o) => (
							<option key={o.value} value={o.value}>
								{o.label}
							</option>
						))}
					</Select>
					<ErrorList id={`transactions-${c.name}-error`} errors={errors[c.name] ? [errors[c.name]!] : null} />
				</div>
			))}
			<DateRangeFields idPrefix="transactions" values={filters} errors={errors} />
			<div className="flex gap-2">
				<button type="submit" className={buttonClass('primary')}>
					Filter
				</button>
				{filtered ? (
					<Link to="/transaction-history" className={buttonClass('secondary')}>
						Clear
					</Link>
				) : null}
			</div>
		</Form>
	)
}

import type { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import type { Dependant, Membership, RELATIONSHIPS } from '#api/contract/employees.ts'
import { formatDay } from '#api/contract/dates.ts'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'

// What a person of the staff register is covered by, as the staff record and the custodian's page show it.

export const RELATIONSHIP_LABELS: Record<(typeof RELATIONSHIPS)[number], string> = {
	spouse: 'Spouse',
	child: 'Child',
	parent: 'Parent',
	sibling: 'Sibling',
}

/** The plans a person is a member of and the policies they hold; `coveredTo` adds the day cover ends. */
export function PolicyRecords({ policies, coveredTo = false }: { policies: z.infer<typeof Membership>[]; coveredTo?: boolean }) {
	return (
		<ResponsiveTable
			caption="Plans and policies"
			columns={['Policy number', 'Product', 'Role', 'Status', ...(coveredTo ? ['Covered to'] : [])]}
		>
			{policies.map((p) => (
				<tr key={`${p.policy_id}-${p.role}`}>
					<Cell label="Policy number" header>
						<Link to={`/mycover/${p.policy_id}`} className="text-brand-700 underline">
							{p.policy_number}
						</Link>
					</Cell>
					<Cell label="Product">{p.product_name}</Cell>
					<Cell label="Role">{p.role === 'member' ? 'Member of the staff plan' : 'Custodian'}</Cell>
					<Cell label="Status">
						<StatusBadge kind="employee" status={p.status} />
					</Cell>
					{coveredTo ? <Cell label="Covered to">{p.ends_on ? formatDay(p.ends_on) : 'Open'}</Cell> : null}
				</tr>
			))}
		</ResponsiveTable>
	)
}

/** A person's dependants, each with the link to remove them, or a line saying there are none. */
export function DependantList({ dependants, className = '' }: { dependants: Dependant[]; className?: string }) {
	if (!dependants.length) return <p className={`text-sm text-slate-600 ${className}`}>No dependants.</p>
	return (
		<ul className={`divide-y divide-slate-100 ${className}`}>
			{dependants.map((d) => (
				<li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
					<span>
						{d.first_name} {d.last_name} · {RELATIONSHIP_LABELS[d.relationship]} · born {formatDay(d.date_of_birth)}
					</span>
					<Link to={`/mycover/custodian/remove-dependant/${d.id}`} className="text-sm text-brand-700 underline">
						Remove
						<span className="sr-only">
							{' '}
							{d.first_name} {d.last_name}
						</span>
					</Link>
				</li>
			))}
		</ul>
	)
}

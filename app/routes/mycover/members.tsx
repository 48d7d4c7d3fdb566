import type { z } from 'zod'
import type { PlanMember } from '#api/contract/plans.ts'
import { formatDay } from '#api/contract/dates.ts'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { EmailAddress } from '#app/components/ui/email-address.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'

type Member = Pick<z.output<typeof PlanMember>, 'id' | 'name' | 'email' | 'phone' | 'state' | 'effective_on'>

/** A plan's members as a table; with `choose`, a checkbox each for the covered ones (a form's `member` field). */
export function MembersTable({
	members,
	caption,
	choose,
	chosen = [],
}: {
	members: Member[]
	caption: string
	choose?: boolean
	chosen?: string[]
}) {
	return (
		<ResponsiveTable caption={caption} columns={[...(choose ? ['Choose'] : []), 'Name', 'Email address', 'Phone number', 'Status']}>
			{members.map((m) => (
				<tr key={m.id}>
					{choose ? (
						<Cell label="Choose">
							{m.state === 'active' ? (
								<input
									type="checkbox"
									name="member"
									value={m.id}
									defaultChecked={chosen.includes(m.id)}
									aria-label={`Choose ${m.name}`}
									className="size-5"
								/>
							) : null}
						</Cell>
					) : null}
					<Cell label="Name" header>
						{m.name}
					</Cell>
					<Cell label="Email address">
						<EmailAddress value={m.email} />
					</Cell>
					<Cell label="Phone number">{m.phone}</Cell>
					<Cell label="Status">
						<StatusBadge kind="plan_member" status={m.state} />
						{m.effective_on ? (
							<>
								{' '}
								<span className="text-xs text-slate-600">from {formatDay(m.effective_on)}</span>
							</>
						) : null}
					</Cell>
				</tr>
			))}
		</ResponsiveTable>
	)
}

import { Form } from 'react-router'
import { formatDayTime } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { Button, buttonClass } from '#app/components/ui/form.tsx'
import { Naira } from '#app/components/ui/naira.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'

type Pending = {
	id: string
	amount: number
	status: 'awaiting_otp' | 'awaiting_approval' | 'processing'
	to: string
	requestedBy: string
	mine: boolean
	createdAt: string
}

/** One button in a small form of its own, so it works without JavaScript. */
function PendingButton({
	id,
	intent,
	label,
	context,
	variant,
}: {
	id: string
	intent: 'approve' | 'cancel'
	label: string
	context: string
	variant: 'primary' | 'secondary'
}) {
	return (
		<Form method="post" className="inline-block">
			<input type="hidden" name="id" value={id} />
			<Button type="submit" name="intent" value={intent} variant={variant} className="min-h-9 px-3 py-1 text-sm">
				{label}
				<span className="sr-only"> {context}</span>
			</Button>
		</Form>
	)
}

/**
 * Withdrawals whose money has left the wallet but not yet reached the bank. Above the approval
 * threshold another member with wallet.withdraw approves; the requester enters their code first.
 */
export function PendingWithdrawals({ items, canWithdraw }: { items: Pending[]; canWithdraw: boolean }) {
	return (
		<section aria-labelledby="pending-heading" className={panelClass}>
			<h2 id="pending-heading" className="mb-3 text-lg font-semibold">
				Pending withdrawals
			</h2>
			<ul className="divide-y divide-slate-100">
				{items.map((w) => {
					const context = `the withdrawal of ${formatNairaFull(w.amount)} to ${w.to}`
					return (
						<li key={w.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
							<div>
								<p className="font-medium">
									<Naira amount={w.amount} /> to {w.to}
								</p>
								<p className="text-sm text-slate-600">
									{w.mine ? 'You asked' : `${w.requestedBy} asked`} on <time dateTime={w.createdAt}>{formatDayTime(w.createdAt)}</time>
									{' · '}
									<StatusBadge kind="withdrawal" status={w.status} />
								</p>
							</div>
							{canWithdraw && w.status !== 'processing' ? (
								<div className="flex flex-wrap gap-2">
									{w.status === 'awaiting_otp' && w.mine ? (
										<Link to={`/withdraw?step=code&id=${w.id}`} className={buttonClass('primary', 'min-h-9 px-3 py-1 text-sm')}>
											Enter the code<span className="sr-only"> for {context}</span>
										</Link>
									) : null}
									{w.status === 'awaiting_approval' && !w.mine ? (
										<PendingButton id={w.id} intent="approve" label="Approve" context={context} variant="primary" />
									) : null}
									{w.mine || w.status === 'awaiting_approval' ? (
										<PendingButton id={w.id} intent="cancel" label={w.mine ? 'Cancel' : 'Refuse'} context={context} variant="secondary" />
									) : null}
								</div>
							) : null}
						</li>
					)
				})}
			</ul>
		</section>
	)
}

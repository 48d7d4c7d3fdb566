import { parseWithZod } from '@conform-to/zod/v4'
import { useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { Id } from '#api/contract/common.ts'
import type { Withdrawal } from '#api/contract/withdrawals.ts'
import { formatDayTime } from '#api/contract/dates.ts'
import { buttonClass } from '#app/components/ui/form.tsx'
import { TransactionAmount } from '#app/components/transaction-amount.tsx'
import { Naira } from '#app/components/ui/naira.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { notify, notifyApiError } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import { withdrawalOutcome } from '#app/lib/withdrawal-outcome.ts'
import type { Route } from './+types/index'
import { cardBrand, cardExpiry } from './parts.tsx'
import { PendingWithdrawals } from './pending-withdrawals.tsx'
import { plural } from '#app/lib/plural.ts'

/** A withdrawal whose money has left the wallet and not yet reached the bank or come back. */
const OPEN = ['awaiting_otp', 'awaiting_approval', 'processing'] as const
type OpenStatus = (typeof OPEN)[number]

const PendingSchema = z.object({
	intent: z.enum(['approve', 'cancel']),
	id: Id,
})

export const meta: Route.MetaFunction = () => [{ title: 'Wallet · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	const { user, permissions } = await requirePermission(args, 'wallet.view')
	const can = (permission: string) => permissions.includes(permission)
	const api = apiFrom(args.context)
	const history = can('transactions.view')
	// Each pending withdrawal asked for on its own first: looking also finishes a payout a lost webhook
	// left under way, so the balance read after it is current.
	const pending = history ? await api.getTransactions({ type: 'withdrawal', status: 'pending', page_size: 20 }) : null
	const withdrawals = await Promise.all((pending?.data.items ?? []).map((t) => api.getWithdrawal(t.id)))
	const [wallet, cards, recent] = await Promise.all([
		api.getWallet(),
		api.getCards(),
		history ? api.getTransactions({ page_size: 5 }) : null,
	])
	return {
		balance: wallet.data.balance,
		pendingTotal: wallet.data.pending_withdrawals,
		cards: { count: cards.data.length, default: wallet.data.default_card },
		recent: recent?.data.items ?? null,
		pending: withdrawals
			.map((w) => w.data)
			.filter((w): w is Withdrawal & { status: OpenStatus } => OPEN.includes(w.status as OpenStatus))
			.map((w) => ({
				id: w.id,
				amount: w.amount,
				status: w.status,
				to: `${w.bank.account_name}, ${w.bank.bank_name} ${w.bank.account_number}`,
				requestedBy: w.requested_by.name,
				mine: w.requested_by.id === user.id,
				createdAt: w.created_at,
			})),
		can: {
			fund: can('wallet.fund'),
			withdraw: can('wallet.withdraw'),
			manageCards: can('cards.manage'),
			history,
		},
	}
}

/** The pending list's buttons: a second member approves, or either side cancels before the payout. */
export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'wallet.withdraw')
	const submission = parseWithZod(await readForm(args.request), { schema: PendingSchema })
	if (submission.status !== 'success') {
		return notify(400, 'We could not find that withdrawal. Reload the page and try again.')
	}
	const { intent, id } = submission.value
	const api = apiFrom(args.context)
	try {
		if (intent === 'approve') {
			const approved = await api.approveWithdrawal(id)
			return redirectWithToast(args.request, '/wallet', withdrawalOutcome(approved.data.status, approved.data.amount, 'Approved. '))
		}
		const cancelled = await api.cancelWithdrawal(id)
		return redirectWithToast(args.request, '/wallet', toastFor(200, cancelled.message ?? 'Withdrawal cancelled.'))
	} catch (error) {
		return notifyApiError(error)
	}
}

export default function Wallet() {
	const wallet = useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold">Wallet</h1>
			<section aria-labelledby="balance-heading" className={panelClass}>
				<h2 id="balance-heading" className="text-sm font-medium text-slate-600">
					Balance
				</h2>
				<p className="mt-1 text-4xl font-bold">
					<Naira amount={wallet.balance} />
				</p>
				{wallet.pendingTotal.count > 0 ? (
					<p className="mt-2 text-sm text-slate-700">
						{plural(wallet.pendingTotal.count, 'withdrawal')} under way: <Naira amount={wallet.pendingTotal.amount} />
					</p>
				) : null}
				<div className="mt-4 flex flex-wrap gap-3">
					{wallet.can.fund ? (
						<Link to="/fund-wallet" className={buttonClass('primary')}>
							Fund wallet
						</Link>
					) : null}
					{wallet.can.withdraw ? (
						<Link to="/withdraw" className={buttonClass('secondary')}>
							Withdraw
						</Link>
					) : null}
					{wallet.can.manageCards ? (
						<Link to="/manage-card" className={buttonClass('secondary')}>
							Manage cards
						</Link>
					) : null}
				</div>
			</section>

			{wallet.pending.length ? <PendingWithdrawals items={wallet.pending} canWithdraw={wallet.can.withdraw} /> : null}

			<div className="grid gap-6 lg:grid-cols-3">
				<section aria-labelledby="recent-heading" className={`${panelClass} lg:col-span-2`}>
					<div className="mb-3 flex flex-wrap items-center justify-between gap-2">
						<h2 id="recent-heading" className="text-lg font-semibold">
							Recent transactions
						</h2>
						{wallet.can.history ? (
							<Link to="/transaction-history" className="text-sm font-medium text-brand-700 underline">
								See all transactions
							</Link>
						) : null}
					</div>
					{wallet.recent === null ? (
						<p className="text-sm text-slate-600">Your role does not include the transaction history.</p>
					) : wallet.recent.length === 0 ? (
						<p className="text-sm text-slate-600">No transactions yet. Fund your wallet to get started.</p>
					) : (
						<ul className="divide-y divide-slate-100">
							{wallet.recent.map((t) => (
								<li key={t.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
									<div>
										<Link to={`/transaction-history/${t.id}`} className="font-medium text-brand-700 underline">
											{t.description}
										</Link>
										<p className="text-xs text-slate-600">
											<time dateTime={t.created_at}>{formatDayTime(t.created_at)}</time>
											{' · '}
											<StatusBadge kind={t.type} status={t.stage} />
										</p>
									</div>
									<TransactionAmount transaction={t} className="text-right font-semibold" />
								</li>
							))}
						</ul>
					)}
				</section>

				<section aria-labelledby="cards-heading" className={panelClass}>
					<h2 id="cards-heading" className="mb-3 text-lg font-semibold">
						Saved cards
					</h2>
					{wallet.cards.default ? (
						<>
							<p>
								<span className="font-medium">
									{cardBrand(wallet.cards.default.brand)} ending {wallet.cards.default.last4}
								</span>{' '}
								<span className="text-sm text-slate-600">(default, expires {cardExpiry(wallet.cards.default)})</span>
							</p>
							<p className="mt-1 text-sm text-slate-600">{plural(wallet.cards.count, 'saved card')}</p>
						</>
					) : (
						<p className="text-sm text-slate-600">No saved cards. A card is saved when you fund your wallet with it.</p>
					)}
				</section>
			</div>
		</div>
	)
}

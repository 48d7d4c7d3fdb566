import { formatDay } from '#api/contract/dates.ts'
import { Gift } from '#app/components/ui/icons.tsx'
import { useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { EmptyState, NoRows } from '#app/components/ui/empty-state.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { pageHref, readPage } from '#app/lib/query.ts'
import { requireReadyUser } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/all'

// The rewards table (spec section 2): who, when, how much, and where each reward stands.

export const meta: Route.MetaFunction = () => [{ title: 'All rewards · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requireReadyUser(args)
	const { data } = await apiFrom(args.context).getReferrals(readPage(new URL(args.request.url).searchParams))
	return { ...data, pageCount: Math.max(1, Math.ceil(data.total / data.page_size)) }
}

export default function AllRewards() {
	const { items, page, pageCount } = useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">All rewards</h1>
				<Link to="/rewards" className={buttonClass('secondary')}>
					Your referral link
				</Link>
			</div>
			<section aria-labelledby="rewards-heading" className={panelClass}>
				<h2 id="rewards-heading" className="sr-only">
					Rewards
				</h2>
				{items.length === 0 ? (
					<NoRows
						noun="rewards"
						page={page}
						firstPage="/rewards/all"
						first={
							<EmptyState
								icon={Gift}
								title="No referrals yet. Share your link to earn rewards."
								next={{ to: '/rewards', label: 'Get your link' }}
							/>
						}
					/>
				) : (
					<>
						<ResponsiveTable
							caption={`Referrals and their rewards, newest first, page ${page} of ${pageCount}`}
							columns={['Referred', 'Joined', { label: 'Reward', align: 'right' }, 'Status', 'Paid or earned']}
						>
							{items.map((r) => (
								<tr key={r.id}>
									<Cell label="Referred" header>
										{r.name}
									</Cell>
									<Cell label="Joined" className="whitespace-nowrap">
										<time dateTime={r.joined_at}>{formatDay(r.joined_at)}</time>
									</Cell>
									<Cell label="Reward" className="text-right">
										{r.status === 'void' ? '—' : formatNairaFull(r.amount)}
									</Cell>
									<Cell label="Status">
										<StatusBadge kind="referral" status={r.status} />
										{r.reason ? <span className="mt-1 block text-xs text-slate-600">{r.reason}</span> : null}
									</Cell>
									<Cell label="Paid or earned" className="whitespace-nowrap">
										{r.paid_at ? (
											<time dateTime={r.paid_at}>Paid {formatDay(r.paid_at)}</time>
										) : r.earned_at ? (
											<time dateTime={r.earned_at}>Earned {formatDay(r.earned_at)}</time>
										) : (
											'—'
										)}
									</Cell>
								</tr>
							))}
						</ResponsiveTable>
						<Pagination label="Pages of rewards" page={page} pageCount={pageCount} href={(p) => pageHref('/rewards/all', p)} />
					</>
				)}
			</section>
		</div>
	)
}

import { formatDayTime } from '#api/contract/dates.ts'
import { BellOff } from '#app/components/ui/icons.tsx'
import { useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { EmptyState, NoRows } from '#app/components/ui/empty-state.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { pageHref, readPage } from '#app/lib/query.ts'
import { requireReadyUser } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/index'

// What happened to the account (docs/decisions/114-notifications.md). Seeing a page of them marks
// them read, with or without JavaScript; the ones new at this visit keep their mark until the next.

export const meta: Route.MetaFunction = () => [{ title: 'Notifications · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requireReadyUser(args)
	const api = apiFrom(args.context)
	const { data } = await api.getNotifications(readPage(new URL(args.request.url).searchParams))
	const unseen = data.items.filter((n) => !n.read).map((n) => n.id)
	if (unseen.length) await api.markNotificationsRead(unseen)
	return { ...data, pageCount: Math.max(1, Math.ceil(data.total / data.page_size)) }
}

export default function Notifications() {
	const { items, page, pageCount, unread } = useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<div>
				<h1 className="text-2xl font-bold">Notifications</h1>
				<p className="text-slate-600">{unread > 0 ? `${unread} new since you last looked.` : 'You are up to date.'}</p>
			</div>
			<section aria-labelledby="notifications-heading" className={panelClass}>
				<h2 id="notifications-heading" className="sr-only">
					Notifications, newest first
				</h2>
				{items.length === 0 ? (
					<NoRows
						noun="notifications"
						page={page}
						firstPage="/notifications"
						first={<EmptyState icon={BellOff} title="Nothing yet. Claims, payments and your team will show here." />}
					/>
				) : (
					<>
						<ul className="divide-y divide-slate-100">
							{items.map((n) => (
								<li key={n.id}>
									<Link to={n.href} className="flex items-start justify-between gap-3 px-1 py-3 hover:bg-slate-50">
										<span>
											{/* Drawn as the link it is: on a phone no hover says so. */}
											<span className={`block text-brand-700 underline ${n.read ? '' : 'font-semibold'}`}>{n.title}</span>
											<time dateTime={n.created_at} className="text-sm text-slate-600">
												{formatDayTime(n.created_at)}
											</time>
										</span>
										{n.read ? null : (
											<span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">New</span>
										)}
									</Link>
								</li>
							))}
						</ul>
						<Pagination label="Pages of notifications" page={page} pageCount={pageCount} href={(p) => pageHref('/notifications', p)} />
					</>
				)}
			</section>
		</div>
	)
}

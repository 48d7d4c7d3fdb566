import { Link, useLoaderData } from 'react-router'
import { isKycComplete } from '#app/lib/account.ts'
import { formatDateTime, greeting } from '#app/lib/greeting.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { requireReadyUser } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/insurer.server.ts'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = () => [{ title: 'Home · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	const user = await requireReadyUser(args)
	const api = apiFrom(args.context)
	const [todos, activities] = await Promise.all([
		api.getTodos(),
		// A role without the activity log still gets its home page.
		api.getActivities({ page_size: 5 }).catch((error) => {
			if (error instanceof ApiCallError && error.status === 403) return null
			throw error
		}),
	])
	return {
		greeting: `${greeting()}, ${user.first_name}`,
		business: user.customer.name,
		kind: user.customer.kind,
		kycComplete: isKycComplete(user),
		cacVerified: user.customer.meta.cac_verified,
		todos: todos.data,
		activities: activities?.data.items ?? null,
	}
}

export default function Home() {
	const home = useLoaderData<typeof loader>()
	return (
		<div className="space-y-6">
			<section>
				<h1 className="text-2xl font-bold">{home.greeting}</h1>
				<p className="text-slate-600">{home.business}</p>
			</section>

			<section aria-labelledby="kyc-heading" className="rounded-xl border border-slate-200 bg-white p-5">
				<h2 id="kyc-heading" className="font-semibold">
					Account status
				</h2>
				<dl className="mt-3 grid gap-3 sm:grid-cols-2">
					<div>
						<dt className="text-sm text-slate-600">KYC</dt>
						<dd className={home.kycComplete ? 'font-medium text-emerald-800' : 'font-medium text-amber-800'}>
							{home.kycComplete ? 'Complete' : 'Incomplete'}
						</dd>
					</div>
					{home.kind === 'business' ? (
						<div>
							<dt className="text-sm text-slate-600">CAC verification</dt>
							<dd className={home.cacVerified ? 'font-medium text-emerald-800' : 'font-medium text-amber-800'}>
								{home.cacVerified ? 'Verified' : 'Not verified'}
							</dd>
						</div>
					) : null}
				</dl>
			</section>

			<div className="grid gap-6 lg:grid-cols-2">
				<section aria-labelledby="todos-heading" className="rounded-xl border border-slate-200 bg-white p-5">
					<h2 id="todos-heading" className="font-semibold">
						To do
					</h2>
					{home.todos.length === 0 ? (
						<p className="mt-3 text-sm text-slate-600">You are all set. Nothing needs your attention.</p>
					) : (
						<ul className="mt-3 divide-y divide-slate-100">
							{home.todos.map((todo) => (
								<li key={todo.id} className="py-3">
									<Link to={todo.href} className="font-medium text-brand-700 underline">
										{todo.title}
									</Link>
									<p className="text-sm text-slate-600">{todo.description}</p>
								</li>
							))}
						</ul>
					)}
				</section>

				<section aria-labelledby="activities-heading" className="rounded-xl border border-slate-200 bg-white p-5">
					<h2 id="activities-heading" className="font-semibold">
						Recent activity
					</h2>
					{home.activities === null ? (
						<p className="mt-3 text-sm text-slate-600">Your role does not include the activity log.</p>
					) : home.activities.length === 0 ? (
						<p className="mt-3 text-sm text-slate-600">No activity yet.</p>
					) : (
						<ul className="mt-3 divide-y divide-slate-100">
							{home.activities.map((a) => (
								<li key={a.id} className="py-3">
									<p className="text-sm">{a.description}</p>
									<p className="text-xs text-slate-600">
										<time dateTime={a.created_at}>{formatDateTime(a.created_at)}</time>
									</p>
								</li>
							))}
						</ul>
					)}
				</section>
			</div>
		</div>
	)
}

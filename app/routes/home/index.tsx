import { parseWithZod } from '@conform-to/zod/v4'
import { Suspense, lazy, useEffect, useState } from 'react'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { CacConfirmBody } from '#api/contract/cac.ts'
import { CATEGORY_LABELS } from '#api/contract/catalogue.ts'
import { OPEN_CLAIMS_COUNT_CAP } from '#api/contract/dashboard.ts'
import type { User } from '#api/contract/users.ts'
import { formatDayTime } from '#api/contract/dates.ts'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { readDialog } from '#app/lib/query.ts'
import { isKycComplete, needsCacVerification, showsTour } from '#app/lib/account.ts'
import { businessTypeLabel } from '#app/lib/business-types.ts'
import { greeting } from '#app/lib/greeting.ts'
import { formatCount } from '#app/lib/money.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { requirePermission, requireReadyUser, userPermissions } from '#app/server/auth.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { spendChartPage, spendChartView } from '#app/server/spend-chart.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import { CoverByLine, FigureRow, PoliciesPanel, RenewalsPanel, SpendPanel } from './dashboard-parts.tsx'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = () => [{ title: 'Home · Cover Portal' }]

const CacSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('lookup') }),
	z.object({ intent: z.literal('confirm'), name: CacConfirmBody.shape.name }),
])

/** An API answer the dialog shows in its own words; a lost session is the guard's business. */
function cacFailure(error: unknown) {
	if (!(error instanceof ApiCallError) || error.logout) throw error
	return error
}

/**
 * The CAC dialog (`?dialog=cac`, decision 011), or null when the query does not ask for it or the
 * user has nothing to verify or may not (the parameter is then ignored). The registry is asked only
 * on the confirm step, so the name shown comes from it and never from the URL.
 */
async function cacDialog(args: Route.LoaderArgs, user: User) {
	const query = new URL(args.request.url).searchParams
	if (readDialog(query, ['cac'] as const) !== 'cac' || !needsCacVerification(user.customer)) return null
	if (!(await userPermissions(args, user)).includes('business.manage')) return null
	const saved = {
		type: businessTypeLabel(user.customer.business_type),
		number: user.customer.registration_number ?? '',
	}
	if (query.get('step') !== 'confirm') return { step: 'lookup' as const, ...saved, found: null, error: null }
	try {
		const found = (await apiFrom(args.context).cacLookup(user.customer.id)).data
		return { step: 'confirm' as const, ...saved, found: found.name, error: null }
	} catch (error) {
		return { step: 'lookup' as const, ...saved, found: null, error: cacFailure(error).message }
	}
}

export async function loader(args: Route.LoaderArgs) {
	const user = await requireReadyUser(args)
	const api = apiFrom(args.context)
	const [dashboard, cac, permissions] = await Promise.all([api.getDashboard(), cacDialog(args, user), userPermissions(args, user)])
	const home = dashboard.data
	const chart = home.spend ? spendChartPage(args.context, spendChartView(home.spend.months)) : null
	const month = home.today.slice(0, 7)
	const purchasesHref = '/transaction-history?type=purchase'
	return {
		greeting: `${greeting()}, ${user.first_name}`,
		// An individual is greeted by name alone: their customer's name is theirs.
		business: user.customer.kind === 'business' ? user.customer.name : null,
		kind: user.customer.kind,
		kycComplete: isKycComplete(user),
		cacVerified: user.customer.meta.cac_verified,
		canBuy: permissions.includes('products.buy'),
		figures: {
			wallet: home.wallet,
			cover: home.cover && { active: home.cover.active, pending: home.cover.pending },
			staff: home.staff,
			thisMonth:
				home.spend && chart
					? { amount: home.spend.this_month, month: chart.rows[11]!.name, href: `${purchasesHref}&from=${month}-01` }
					: null,
			nextBill: home.next_bill,
			renewals: home.renewals && { due: home.renewals.due, window_days: home.renewals.window_days },
			// A count capped by the API (decision 126): past the cap it shows as "1,000+".
			claims: home.claims && {
				open: home.claims.open > OPEN_CLAIMS_COUNT_CAP ? `${formatCount(OPEN_CLAIMS_COUNT_CAP)}+` : home.claims.open,
			},
		},
		lines: home.cover?.by_line.map((line) => ({ ...line, label: CATEGORY_LABELS[line.category] })) ?? null,
		policies: home.cover?.policies ?? null,
		renewals: home.renewals,
		spend: home.spend && chart ? { chart, total: home.spend.total, href: purchasesHref } : null,
		todos: home.todos,
		// Null for a role without the activity log: its home page has no such panel.
		activities: home.activities,
		cac,
		// Not over the CAC dialog: that step comes first.
		tour: !cac && showsTour(user, '/'),
	}
}

/** The CAC dialog's two steps: look the saved number up, then confirm the registered name. */
export async function action(args: Route.ActionArgs) {
	const { user } = await requirePermission(args, 'business.manage')
	const submission = parseWithZod(await readForm(args.request), { schema: CacSchema })
	if (submission.status !== 'success') {
		return data({ cacError: 'Look up your company again, then confirm its name.' }, { status: 400 })
	}
	const api = apiFrom(args.context)
	try {
		if (submission.value.intent === 'lookup') {
			await api.cacLookup(user.customer.id)
			return redirect('/?dialog=cac&step=confirm')
		}
		await api.cacConfirm(user.customer.id, { name: submission.value.name })
	} catch (error) {
		const failure = cacFailure(error)
		const status = failure.status >= 400 && failure.status < 500 ? failure.status : 502
		return data({ cacError: failure.message }, { status })
	}
	return redirectWithToast(args.request, '/', { type: 'success', description: 'Your company is verified with the CAC.' })
}

type CacDialogState = NonNullable<Awaited<ReturnType<typeof cacDialog>>>

function CacDialog({ cac, actionError }: { cac: CacDialogState; actionError: string | null }) {
	const error = actionError ?? cac.error
	return (
		<Dialog title="Verify your company with the CAC" closeTo="/">
			{error ? (
				<div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
					<p>{error}</p>
					<p className="mt-1">
						<Link to="/update/kyc" className="font-medium underline">
							Check your registration number
						</Link>
					</p>
				</div>
			) : null}
			{cac.step === 'lookup' ? (
				<Form method="post" className="space-y-4">
					<p className="text-slate-700">
						We will look up your business with the Corporate Affairs Commission, using the registration you gave us.
					</p>
					<dl className="grid gap-3 sm:grid-cols-2">
						<div>
							<dt className="text-sm text-slate-600">Registered as</dt>
							<dd className="font-medium">{cac.type}</dd>
						</div>
						<div>
							<dt className="text-sm text-slate-600">Registration number</dt>
							<dd className="font-medium">{cac.number}</dd>
						</div>
					</dl>
					<SubmitButton name="intent" value="lookup" pendingText="Looking up…">
						Look up my company
					</SubmitButton>
				</Form>
			) : (
				<Form method="post" className="space-y-4">
					<p className="text-slate-700">
						We found <strong className="text-slate-900">{cac.found}</strong>. Is this your company?
					</p>
					<p className="text-sm text-slate-600">
						Registration number {cac.number}. Once verified, your business carries the name registered with the CAC.
					</p>
					<input type="hidden" name="name" value={cac.found ?? ''} />
					<div className="flex flex-wrap items-center gap-3">
						<SubmitButton name="intent" value="confirm" pendingText="Verifying…">
							Yes, verify
						</SubmitButton>
						<Link to="/update/kyc" className={buttonClass('secondary')}>
							No, change my number
						</Link>
					</div>
				</Form>
			)}
		</Dialog>
	)
}

// The tour's code loads only for a new account on a wide screen (docs/decisions/113-guided-tour.md).
const Tour = lazy(() => import('#app/client/tour.tsx'))

/** Spec section 4: never on a phone or tablet (below lg, 1024 px). */
function TourOnWideScreens({ show }: { show: boolean }) {
	const [wide, setWide] = useState(false)
	useEffect(() => setWide(show && window.matchMedia('(min-width: 1024px)').matches), [show])
	return wide ? (
		<Suspense fallback={null}>
			<Tour />
		</Suspense>
	) : null
}

export default function Home() {
	const home = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="space-y-6">
			<TourOnWideScreens show={home.tour} />
			{home.cac ? <CacDialog cac={home.cac} actionError={actionData?.cacError ?? null} /> : null}
			<section>
				<h1 className="text-2xl font-bold">{home.greeting}</h1>
				{home.business ? <p className="text-slate-600">{home.business}</p> : null}
			</section>

			<FigureRow figures={home.figures} kind={home.kind} />

			{/* What needs the user, and what happened, before the analysis (decision 152). */}
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
										<time dateTime={a.created_at}>{formatDayTime(a.created_at)}</time>
									</p>
								</li>
							))}
						</ul>
					)}
				</section>
			</div>

			{home.spend ? <SpendPanel chart={home.spend.chart} total={home.spend.total} href={home.spend.href} /> : null}

			{(home.kind === 'business' ? home.lines : home.policies) || home.renewals ? (
				<div className="grid gap-6 lg:grid-cols-2">
					{home.kind === 'business' && home.lines ? <CoverByLine lines={home.lines} canBuy={home.canBuy} /> : null}
					{home.kind === 'individual' && home.policies ? <PoliciesPanel policies={home.policies} canBuy={home.canBuy} /> : null}
					{home.renewals ? (
						<RenewalsPanel items={home.renewals.items} due={home.renewals.due} windowDays={home.renewals.window_days} />
					) : null}
				</div>
			) : null}

			<section aria-labelledby="rewards-heading" className="rounded-xl border border-slate-200 bg-white p-5">
				<h2 id="rewards-heading" className="font-semibold">
					Refer and earn
				</h2>
				<p className="mt-1 text-sm text-slate-600">
					Share your referral link: when someone you refer keeps their cover, a reward is paid into your wallet.
				</p>
				<p className="mt-3 flex flex-wrap gap-4 text-sm">
					<Link to="/rewards" className="font-medium text-brand-700 underline">
						Your referral link
					</Link>
					<Link to="/rewards/all" className="font-medium text-brand-700 underline">
						All rewards
					</Link>
				</p>
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
		</div>
	)
}

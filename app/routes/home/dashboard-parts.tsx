import { formatDay, formatMonth } from '#api/contract/dates.ts'
import { ShieldCheck } from '#app/components/ui/icons.tsx'
import type { ReactNode } from 'react'
import { Link } from '#app/components/ui/link.tsx'
import { SpendBarChart } from '#app/components/ui/chart.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Naira } from '#app/components/ui/naira.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import type { SpendChartPage } from '#app/server/spend-chart.server.ts'
import { plural } from '#app/lib/plural.ts'

// Home's parts (docs/decisions/047-home-dashboard.md). The loader hands each one what it shows, or
// null when the member's role may not see it; a null part is not rendered at all.

export type HomePolicy = {
	id: string
	kind: 'policy' | 'plan'
	policy_number: string
	product_name: string
	status: 'pending' | 'active'
	cover_end: string
	auto_renew: boolean
}

/**
 * One figure: what it is, the number, a line of context, and the screen it comes from. No icon: home
 * stays within the first-load JavaScript budget (docs/decisions/048-budgets-in-the-suite.md).
 */
export function Figure({
	label,
	value,
	note,
	to,
	linkText,
	wide = false,
}: {
	label: string
	value: ReactNode
	note?: ReactNode
	to: string
	linkText: string
	/** The last of an odd number: across both columns of a phone's grid, so no card stands alone beside a gap. */
	wide?: boolean
}) {
	return (
		<li className={`flex flex-col rounded-xl border border-slate-200 bg-white p-3 sm:p-4${wide ? ' col-span-2 xl:col-span-1' : ''}`}>
			<p className="text-sm font-medium text-slate-600">{label}</p>
			<p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{value}</p>
			{note ? <p className="text-sm text-slate-600">{note}</p> : null}
			<Link to={to} className="mt-auto pt-2 text-sm font-medium text-brand-700 underline">
				{linkText}
			</Link>
		</li>
	)
}

export type Figures = {
	wallet: { balance: number } | null
	cover: { active: number; pending: number } | null
	staff: { covered: number; pending: number; plans: number } | null
	thisMonth: { amount: number; href: string; month: string } | null
	nextBill: { bill: { month: string; issued_on: string; due_on: string; plans: number } | null } | null
	renewals: { due: number; window_days: number } | null
	claims: { open: number | string } | null
}

/**
 * Columns of the figures' grid from 1,280 px, by how many there are: the last row as full as it can be
 * (five and six in threes, seven and eight in fours), never one card alone under a full row.
 */
const WIDE_COLUMNS = { 2: 'xl:grid-cols-2', 3: 'xl:grid-cols-3', 4: 'xl:grid-cols-4' } as const

export function wideColumns(count: number): keyof typeof WIDE_COLUMNS {
	if (count <= 2) return 2
	if (count <= 4) return count as 3 | 4
	return count <= 6 ? 3 : 4
}

/** The row of figures at the top of home, each linking to its screen. */
export function FigureRow({ figures, kind }: { figures: Figures; kind: 'business' | 'individual' }) {
	const { wallet, cover, staff, thisMonth, nextBill, renewals, claims } = figures
	const shown: Array<Omit<Parameters<typeof Figure>[0], 'wide'>> = []
	if (wallet) shown.push({ label: 'Wallet balance', value: <Naira amount={wallet.balance} />, to: '/wallet', linkText: 'Open the wallet' })
	if (cover) {
		shown.push({
			label: kind === 'business' ? 'Active cover' : 'Your active policies',
			value: cover.active,
			note: cover.pending > 0 ? `${plural(cover.pending, 'policy', 'policies')} waiting for activation` : 'policies and plans in force',
			to: '/mycover',
			linkText: 'See my cover',
		})
	}
	if (staff) {
		shown.push({
			label: 'Staff covered',
			value: staff.covered,
			note: staff.pending > 0 ? `${staff.pending} more waiting for their plan's activation` : `on ${plural(staff.plans, 'staff plan')}`,
			to: '/mycover',
			linkText: 'See the staff plans',
		})
	}
	if (thisMonth) {
		shown.push({
			label: 'Spent this month',
			value: <Naira amount={thisMonth.amount} />,
			note: `on cover in ${thisMonth.month}`,
			to: thisMonth.href,
			linkText: "See this month's purchases",
		})
	}
	if (nextBill) {
		shown.push(
			nextBill.bill
				? {
						// The day the run issues the month's invoices (decision 161): how much follows the people on the plans then.
						label: 'Next bill',
						value: <time dateTime={nextBill.bill.issued_on}>{formatDay(nextBill.bill.issued_on)}</time>,
						note: `for ${formatMonth(nextBill.bill.month)} on ${plural(nextBill.bill.plans, 'staff plan')}, due ${formatDay(nextBill.bill.due_on)}`,
						to: '/invoice',
						linkText: 'See the invoices',
					}
				: { label: 'Next bill', value: 'None due', note: 'No staff plan is billed yet', to: '/mycover', linkText: 'See my cover' },
		)
	}
	if (renewals) {
		shown.push({
			label: 'Renewals due',
			value: renewals.due,
			note: `cover ending in the next ${renewals.window_days} days`,
			to: '/mycover',
			linkText: 'See my cover',
		})
	}
	if (claims) shown.push({ label: 'Open claims', value: claims.open, to: '/claims', linkText: 'See claims' })
	if (shown.length === 0) return null
	return (
		<section aria-labelledby="figures-heading">
			<h2 id="figures-heading" className="sr-only">
				At a glance
			</h2>
			<ul className={`grid grid-cols-2 gap-3 sm:gap-4 ${WIDE_COLUMNS[wideColumns(shown.length)]}`}>
				{shown.map((figure, i) => (
					<Figure key={figure.label} {...figure} wide={i === shown.length - 1 && shown.length % 2 === 1} />
				))}
			</ul>
		</section>
	)
}

const sectionClass = 'rounded-xl border border-slate-200 bg-white p-5'

/** Live cover counted by line, each line linking to My cover. */
export function CoverByLine({ lines, canBuy }: { lines: Array<{ category: string; label: string; active: number }>; canBuy: boolean }) {
	return (
		<section aria-labelledby="lines-heading" className={sectionClass}>
			<h2 id="lines-heading" className="font-semibold">
				Active cover by line
			</h2>
			{lines.length === 0 ? (
				<div className="mt-3">
					<EmptyState
						icon={ShieldCheck}
						title="No cover in force yet"
						next={canBuy ? { to: '/products', label: 'Browse products' } : undefined}
					>
						Cover you buy, and staff plans once activated, are counted here by line.
					</EmptyState>
				</div>
			) : (
				<ul className="mt-3 divide-y divide-slate-100">
					{lines.map((line) => (
						<li key={line.category} className="flex items-center justify-between gap-3 py-2">
							<Link to="/mycover" className="font-medium text-brand-700 underline">
								{line.label}
							</Link>
							<span className="text-slate-900">{plural(line.active, 'policy', 'policies')}</span>
						</li>
					))}
				</ul>
			)}
		</section>
	)
}

/** Spend on cover over the last 12 months, drawn on the server. */
export function SpendPanel({ chart, total, href }: { chart: SpendChartPage; total: number; href: string }) {
	return (
		<section aria-labelledby="spend-heading" className={sectionClass}>
			<div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
				<h2 id="spend-heading" className="font-semibold">
					Spend over the last 12 months
				</h2>
				<p className="text-sm text-slate-600">
					<Naira amount={total} /> in all
				</p>
			</div>
			<SpendBarChart chart={chart} caption="Premiums paid for cover each month, from the wallet or by card, in Lagos time." />
			<Link to={href} className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
				See every purchase
			</Link>
		</section>
	)
}

function PolicyRow({ policy, note }: { policy: HomePolicy; note: string }) {
	return (
		<li className="flex flex-wrap items-center justify-between gap-2 py-3">
			<div>
				<Link to={`/mycover/${policy.id}`} className="font-medium text-brand-700 underline">
					{policy.product_name}
				</Link>
				<p className="text-sm text-slate-600">
					{policy.policy_number} · {note}
				</p>
			</div>
			<StatusBadge kind="policy" status={policy.status} />
		</li>
	)
}

/** Live cover whose period ends soon, soonest first. */
export function RenewalsPanel({ items, due, windowDays }: { items: HomePolicy[]; due: number; windowDays: number }) {
	return (
		<section aria-labelledby="renewals-heading" className={sectionClass}>
			<h2 id="renewals-heading" className="font-semibold">
				Renewals due
			</h2>
			{items.length === 0 ? (
				<p className="mt-3 text-sm text-slate-600">No cover ends in the next {windowDays} days.</p>
			) : (
				<>
					<ul className="mt-1 divide-y divide-slate-100">
						{items.map((p) => (
							<PolicyRow key={p.id} policy={p} note={`ends ${formatDay(p.cover_end)}${p.auto_renew ? ', renews by itself' : ''}`} />
						))}
					</ul>
					{due > items.length ? (
						<Link to="/mycover" className="text-sm font-medium text-brand-700 underline">
							{plural(due - items.length, 'more renewal')} in My cover
						</Link>
					) : null}
				</>
			)}
		</section>
	)
}

/** An individual's own policies: the newest in force or waiting for activation. */
export function PoliciesPanel({ policies, canBuy }: { policies: HomePolicy[]; canBuy: boolean }) {
	return (
		<section aria-labelledby="policies-heading" className={sectionClass}>
			<h2 id="policies-heading" className="font-semibold">
				Your policies
			</h2>
			{policies.length === 0 ? (
				<div className="mt-3">
					<EmptyState icon={ShieldCheck} title="No policies yet" next={canBuy ? { to: '/products', label: 'Browse products' } : undefined}>
						Motor, gadget, health and travel cover you buy shows here.
					</EmptyState>
				</div>
			) : (
				<>
					<ul className="mt-1 divide-y divide-slate-100">
						{policies.map((p) => (
							<PolicyRow key={p.id} policy={p} note={`cover to ${formatDay(p.cover_end)}`} />
						))}
					</ul>
					<Link to="/mycover" className="text-sm font-medium text-brand-700 underline">
						See all my cover
					</Link>
				</>
			)}
		</section>
	)
}

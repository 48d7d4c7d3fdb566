import { Link } from '#app/components/ui/link.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { ICONS } from '#app/components/ui/icon-set.ts'
import { ShieldCheck } from '#app/components/ui/icons.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Details, Panel, panelClass } from '#app/components/ui/panel.tsx'
import { ProviderMark } from '#app/components/ui/provider-mark.tsx'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { STATUS_MAP, type StatusKind } from '#app/lib/statuses.ts'
import type { Route } from './+types/icons'

export const meta: Route.MetaFunction = () => [{ title: 'Design system and icons · Cover Portal' }]

const TYPE_SCALE = [
	['text-3xl', '30 px', 'Figures that matter: a balance'],
	['text-2xl', '24 px', 'The heading of a screen (one h1)'],
	['text-lg', '18 px', 'The heading of a card'],
	['text-base', '16 px', 'Body text, inputs and buttons'],
	['text-sm', '14 px', 'Tables, help and secondary details'],
	['text-xs', '12 px', 'Badges and labels on phone cards'],
] as const

/** Token, its swatch and the text it carries; every pair at least 4.5:1 (app/lib/contrast.test.ts). */
const COLOURS = [
	['brand-700', 'bg-brand-700 text-white', 'Primary button, links, the focus ring'],
	['brand-50', 'bg-brand-50 text-brand-800', 'The current area in the navigation'],
	['success-100', 'bg-success-100 text-success-900', 'Done: paid, active'],
	['warning-100', 'bg-warning-100 text-warning-900', 'Waiting on someone'],
	['danger-100', 'bg-danger-100 text-danger-900', 'Went wrong'],
	['info-100', 'bg-info-100 text-info-900', 'Under way'],
	['slate-200', 'bg-slate-200 text-slate-800', 'Over or stopped'],
] as const

const SPACING = [
	['2', '8 px', 'Between an icon and its words'],
	['4', '16 px', 'Page gutters, between fields'],
	['5', '20 px', 'Inside a card'],
	['6', '24 px', 'Between the sections of a screen'],
] as const

const KINDS = Object.keys(STATUS_MAP) as StatusKind[]

/** The spec's /icons: the icon gallery, and the design system page that renders each of its parts. */
export default function DesignSystem() {
	return (
		<main id="main" className="mx-auto max-w-5xl space-y-8 px-4 py-8">
			<div>
				<p className="text-sm">
					<Link to="/" className="text-brand-700 underline">
						Cover Portal
					</Link>
				</p>
				<h1 className="mt-2 text-2xl font-bold">Design system and icons</h1>
				<p className="mt-2 max-w-prose text-slate-700">
					The parts every screen is made of, in app/components/ui. One primary action per screen, as a button; statuses through one map;
					tables that become cards on a phone.
				</p>
			</div>

			<Panel id="type-heading" title="Type scale">
				<ul className="space-y-3">
					{TYPE_SCALE.map(([cls, size, use]) => (
						<li key={cls} className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
							<span className={`${cls} font-semibold`}>Cover for your staff</span>
							<span className="text-sm text-slate-600">
								{cls}, {size}: {use}
							</span>
						</li>
					))}
				</ul>
			</Panel>

			<Panel id="colour-heading" title="Colour tokens">
				<ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
					{COLOURS.map(([token, cls, use]) => (
						<li key={token} className="overflow-hidden rounded-lg border border-slate-200">
							<div className={`px-3 py-4 text-sm font-semibold ${cls}`}>{token}</div>
							<p className="px-3 py-2 text-sm text-slate-700">{use}</p>
						</li>
					))}
				</ul>
			</Panel>

			<Panel id="spacing-heading" title="Spacing">
				<ul className="space-y-2">
					{SPACING.map(([step, px, use]) => (
						<li key={step} className="flex items-center gap-3 text-sm">
							<span className="inline-block h-4 bg-brand-600" style={{ width: px.replace(' ', '') }} />
							<span>
								{step} ({px}): {use}
							</span>
						</li>
					))}
				</ul>
			</Panel>

			<Panel id="buttons-heading" title="Buttons and cards">
				<div className="grid gap-4 md:grid-cols-2">
					<div className={panelClass}>
						<div className="flex items-start gap-3">
							<ProviderMark name="Leadway Assurance" />
							<div>
								<p className="font-semibold">Family health plan</p>
								<p className="text-sm text-slate-600">Leadway Assurance</p>
							</div>
						</div>
						<p className="mt-3 text-sm text-slate-800">A card: the mark and title first, then the details, then its one action.</p>
						<div className="mt-4 flex flex-wrap gap-2">
							<span className={buttonClass('primary')}>Primary action</span>
							<span className={buttonClass('secondary')}>Secondary</span>
						</div>
					</div>
					<div className={panelClass}>
						<Details
							items={[
								{ label: 'Policy number', value: 'PN-0001' },
								{ label: 'Status', value: <StatusBadge kind="policy" status="active" /> },
							]}
						/>
					</div>
				</div>
			</Panel>

			<Panel id="badges-heading" title="Status badges">
				<div className="space-y-4">
					{KINDS.map((kind) => (
						<div key={kind}>
							<h3 className="text-sm font-semibold text-slate-700">{kind.replace('_', ' ')}</h3>
							<ul className="mt-1 flex flex-wrap gap-2">
								{Object.keys(STATUS_MAP[kind]).map((status) => (
									<li key={status}>
										<StatusBadge kind={kind} status={status} />
									</li>
								))}
							</ul>
						</div>
					))}
				</div>
			</Panel>

			<Panel id="marks-heading" title="Provider marks">
				<ul className="flex flex-wrap gap-4">
					{['AXA Mansard', 'Leadway Assurance', 'Hygeia HMO', 'AIICO Insurance', 'Reliance Health', 'Custodian'].map((name) => (
						<li key={name} className="flex items-center gap-2 text-sm">
							<ProviderMark name={name} />
							{name}
						</li>
					))}
				</ul>
			</Panel>

			<Panel id="empty-heading" title="Empty state">
				<EmptyState
					icon={ShieldCheck}
					title="You have no cover yet."
					action={<span className={buttonClass('primary')}>Browse the products</span>}
				>
					Why the list is empty, and the one thing to do next.
				</EmptyState>
			</Panel>

			<Panel id="table-heading" title="Responsive table">
				<ResponsiveTable caption="An example: narrow the window below 640 px to see cards" columns={['Date', 'Description', 'Status']}>
					<tr>
						<Cell label="Date">21 Nov 2026</Cell>
						<Cell label="Description">Wallet funding by card</Cell>
						<Cell label="Status">
							<StatusBadge kind="funding" status="success" />
						</Cell>
					</tr>
					<tr>
						<Cell label="Date">22 Nov 2026</Cell>
						<Cell label="Description">Withdrawal to GTBank ****1234</Cell>
						<Cell label="Status">
							<StatusBadge kind="withdrawal" status="awaiting_approval" />
						</Cell>
					</tr>
				</ResponsiveTable>
			</Panel>

			<Panel id="icons-heading" title="Icons">
				<p className="-mt-2 mb-4 text-sm text-slate-600">
					Every icon the portal uses, from lucide, imported by name so only these are shipped.
				</p>
				<ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
					{ICONS.map(({ name, Icon, use }) => (
						<li key={name} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
							<Icon aria-hidden className="size-6 shrink-0 text-slate-800" />
							<span className="text-sm">
								<span className="block font-medium">{name}</span>
								<span className="text-slate-600">{use}</span>
							</span>
						</li>
					))}
				</ul>
			</Panel>
		</main>
	)
}

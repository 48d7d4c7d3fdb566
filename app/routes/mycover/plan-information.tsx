import { Form, useLoaderData } from 'react-router'
import { HOSPITAL_TYPES } from '#api/contract/plans.ts'
import { formatDays } from '#api/contract/dates.ts'
import { QuoteLines } from '#app/components/quote-fields.tsx'
import { Link } from '#app/components/ui/link.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { Details, Panel } from '#app/components/ui/panel.tsx'
import { ProviderMark } from '#app/components/ui/provider-mark.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { type Period, periodLabel } from '#app/lib/periods.ts'
import { orNotShown } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/plan-information'
import { MembersTable } from './members.tsx'
import { loadPolicy } from './mycover.server.ts'
import { PolicyCrumb } from './parts.tsx'
import { plural } from '#app/lib/plural.ts'
import { readPage } from '#app/lib/query.ts'

export const meta: Route.MetaFunction = ({ data: loaded }) => [
	{ title: `${loaded ? loaded.policy.policy_number : 'Plan'} information · My cover · Cover Portal` },
]

/** The spec's hospital types (section 3), as a member reads them. */
const TYPE_LABELS: Record<(typeof HOSPITAL_TYPES)[number] | 'all', string> = {
	all: 'All',
	ophthalmology: 'Eye care (ophthalmology)',
	hospital: 'Hospitals',
	dental: 'Dental',
	laboratory: 'Laboratory centres (clinic)',
	diagnostic: 'Diagnostic centres',
}
const PAGE_SIZE = 20

/** What the plan is: product, provider, benefits, exclusions, limits, cover, price, members, documents and the hospital list. */
export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'plans.view')
	const api = apiFrom(args.context)
	const policy = await loadPolicy(api, args.params.planId)
	const url = new URL(args.request.url)
	const asked = (name: string) => url.searchParams.get(name)?.trim() || undefined
	const type = HOSPITAL_TYPES.find((t) => t === asked('type')) ?? 'all'
	const page = readPage(url.searchParams)
	const health = policy.category === 'health'
	const [product, members, states] = await Promise.all([
		api.getProduct(String(policy.product_id)).then((r) => r.data),
		policy.kind === 'plan'
			? orNotShown(api.getPlanMembers(policy.id, { page: readPage(url.searchParams, 'members') }).then((r) => r.data))
			: null,
		health ? api.getStatesWithLga().then((r) => r.data.states) : [],
	])
	const state = states.find((s) => s.state === asked('state'))
	const lga = state?.lgas.find((l) => l === asked('lga'))
	const filters = { type, state: state?.state, lga, q: asked('q')?.slice(0, 100) }
	const hospitals = health ? (await api.getHospitals({ ...filters, page, page_size: PAGE_SIZE })).data : null
	return { policy, product, members, states, filters, hospitals }
}

export default function PlanInformation() {
	const { policy, product, members, states, filters, hospitals } = useLoaderData<typeof loader>()
	const lgas = states.find((s) => s.state === filters.state)?.lgas ?? []
	// Each list's page links keep the other's page and the hospital search.
	const href = (pages: { page: number; members: number }, heading: string) => {
		// The first page of either list is the default, so its number is left out; a search's own words stay.
		const shown = { ...filters, page: pages.page > 1 ? String(pages.page) : '', members: pages.members > 1 ? String(pages.members) : '' }
		const q = new URLSearchParams(Object.entries(shown).filter((e): e is [string, string] => Boolean(e[1])))
		return `/mycover/${policy.id}/plan-information?${q}#${heading}`
	}
	const hospitalsPage = hospitals?.page ?? 1
	const membersPage = members?.page ?? 1
	const pageHref = (p: number) => href({ page: p, members: membersPage }, 'hospitals-heading')
	return (
		<div className="space-y-6">
			<PolicyCrumb policy={policy} />
			<div className="flex items-start gap-3">
				<ProviderMark name={policy.provider} size="lg" />
				<div>
					<h1 className="text-2xl font-bold">{policy.kind === 'plan' ? 'Plan information' : 'Policy information'}</h1>
					<p className="mt-1 text-slate-600">
						{product.name} · {product.provider}
					</p>
				</div>
			</div>
			<Panel id="cover-heading" title="Cover">
				<p className="mb-3 text-slate-700">{product.description}</p>
				<Details
					items={[
						{ label: 'Cover period', value: formatDays(policy.cover_start, policy.cover_end) },
						...(policy.period ? [{ label: 'Renews', value: periodLabel(policy.period as Period) }] : []),
						...(policy.kind === 'plan'
							? [
									{ label: 'Price', value: `${formatNairaFull(policy.monthly_rate ?? 0)} a person a month` },
									{ label: 'Slots', value: `${members?.on_plan ?? policy.staff_count ?? 0} of ${policy.slots} used` },
								]
							: [{ label: 'Premium', value: formatNairaFull(policy.premium) }]),
						...(policy.custodian ? [{ label: 'Custodian', value: policy.custodian.name }] : []),
					]}
				/>
			</Panel>
			<Panel id="benefits-heading" title="Benefits">
				<ul className="list-disc space-y-1 pl-5 text-sm">
					{product.benefits.map((b) => (
						<li key={b}>{b}</li>
					))}
				</ul>
			</Panel>
			<Panel id="exclusions-heading" title="Exclusions">
				<ul className="list-disc space-y-1 pl-5 text-sm">
					{product.exclusions.map((b) => (
						<li key={b}>{b}</li>
					))}
				</ul>
			</Panel>
			{product.claim_limits.length ? (
				<Panel id="limits-heading" title="Limits">
					<Details items={product.claim_limits.map((l) => ({ label: l.label, value: formatNairaFull(l.amount) }))} />
				</Panel>
			) : null}
			{policy.quote ? (
				<Panel id="price-heading" title="Price when bought">
					<QuoteLines quote={policy.quote} />
				</Panel>
			) : null}
			{members ? (
				<Panel id="members-heading" title={`Members (${members.on_plan} of ${policy.slots} slots)`}>
					{members.members.length ? (
						<MembersTable members={members.members} caption={`Members of ${policy.policy_number}`} />
					) : (
						<p>
							{members.on_plan ? (
								<>
									Page {members.page} has no members.{' '}
									<Link to={href({ page: hospitalsPage, members: 1 }, 'members-heading')} className="text-brand-700 underline">
										See the first page
									</Link>
									.
								</>
							) : (
								'The plan has no members today.'
							)}
						</p>
					)}
					<Pagination
						label="Pages of the members"
						page={members.page}
						pageCount={Math.max(1, Math.ceil(members.total / members.page_size))}
						href={(p) => href({ page: hospitalsPage, members: p }, 'members-heading')}
					/>
				</Panel>
			) : null}
			<Panel id="documents-heading" title="Documents">
				<ul className="space-y-1 text-sm">
					{policy.status === 'active' ? (
						<li>
							<a href={`/mycover/${policy.id}/certificate`} className="text-brand-700 underline" download>
								Certificate of insurance (PDF)
							</a>
						</li>
					) : null}
					{policy.documents.map((d) => (
						<li key={d.id}>
							<a href={`/mycover/documents/${d.id}`} className="text-brand-700 underline">
								{d.filename}
							</a>
						</li>
					))}
					{policy.status !== 'active' && !policy.documents.length ? <li className="text-slate-600">None yet.</li> : null}
				</ul>
			</Panel>
			{hospitals ? (
				<Panel id="hospitals-heading" title="Hospital list">
					{hospitals.sample ? (
						<p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
							Sample data: these providers are made up for the demo. The insurer's real network replaces them.
						</p>
					) : null}
					<Form method="get" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Search the hospital list">
						<div className="text-sm">
							<label htmlFor="hospital-type" className="block font-medium">
								Type
							</label>
							<select
								id="hospital-type"
								name="type"
								defaultValue={filters.type}
								className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
							>
								{(['all', ...HOSPITAL_TYPES] as const).map((t) => (
									<option key={t} value={t}>
										{TYPE_LABELS[t]}
									</option>
								))}
							</select>
						</div>
						<div className="text-sm">
							<label htmlFor="hospital-state" className="block font-medium">
								State
							</label>
							<select
								id="hospital-state"
								name="state"
								defaultValue={filters.state ?? ''}
								className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
							>
								<option value="">All states</option>
								{states.map((s) => (
									<option key={s.state} value={s.state}>
										{s.state}
									</option>
								))}
							</select>
						</div>
						<div className="text-sm">
							<label htmlFor="hospital-lga" className="block font-medium">
								LGA
							</label>
							<select
								id="hospital-lga"
								name="lga"
								defaultValue={filters.lga ?? ''}
								className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
							>
								<option value="">{filters.state ? 'All LGAs' : 'Choose a state first'}</option>
								{lgas.map((l) => (
									<option key={l} value={l}>
										{l}
									</option>
								))}
							</select>
						</div>
						<div className="text-sm">
							<label htmlFor="hospital-q" className="block font-medium">
								Name or address
							</label>
							<input
								type="search"
								id="hospital-q"
								name="q"
								defaultValue={filters.q ?? ''}
								maxLength={100}
								className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
							/>
						</div>
						<button type="submit" className="self-end rounded-md bg-brand-700 px-4 py-2 font-semibold text-white min-h-11">
							Search
						</button>
					</Form>
					<p className="mb-2 text-sm text-slate-600" aria-live="polite">
						{plural(hospitals.total, 'provider')}
					</p>
					{hospitals.hospitals.length ? (
						<ResponsiveTable caption="Hospitals and clinics on the plan" columns={['Name', 'Type', 'Address', 'Phone']}>
							{hospitals.hospitals.map((h) => (
								<tr key={h.id}>
									<Cell label="Name">{h.name}</Cell>
									<Cell label="Type">{TYPE_LABELS[h.type]}</Cell>
									<Cell label="Address">
										{h.address}
										<span className="block text-xs text-slate-600">
											{h.lga}, {h.state}
										</span>
									</Cell>
									<Cell label="Phone">{h.phone ?? '—'}</Cell>
								</tr>
							))}
						</ResponsiveTable>
					) : (
						<p>No provider matches: try another type, state or word.</p>
					)}
					<Pagination
						label="Pages of the hospital list"
						page={hospitals.page}
						pageCount={Math.max(1, Math.ceil(hospitals.total / hospitals.page_size))}
						href={pageHref}
					/>
				</Panel>
			) : null}
		</div>
	)
}

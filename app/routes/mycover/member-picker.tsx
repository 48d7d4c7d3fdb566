import { PageButtons } from '#app/components/ui/pagination.tsx'
import { plural } from '#app/lib/plural.ts'
import { MembersTable } from './members.tsx'
import type { Picker } from './member-picker.server.ts'

/**
 * The most members a picker carries from page to page: their ids ride in the address, and 150 of them keep it
 * under 8 KB, which servers and proxies accept (docs/decisions/166-plan-members-a-page.md).
 */
export const MAX_CHOSEN = 150
const MAX_CHOSEN_TEXT = `At most ${MAX_CHOSEN} members are chosen at a time: the first ${MAX_CHOSEN} are kept. Go on with them, then choose the rest.`

/**
 * A plan's members a page at a time, with a checkbox each, inside a form (docs/decisions/166). Searching and
 * paging send the form by GET to `action`, so the members chosen on other pages go along as hidden fields,
 * with or without JavaScript.
 */
export function MemberPicker({ picker, action, caption }: { picker: Picker; action: string; caption: string }) {
	const { list, q, chosen, overChosen } = picker
	const onPage = new Set(list.members.map((m) => m.id))
	// Chosen on another page or search: carried as hidden fields, since no checkbox here holds them.
	const elsewhere = chosen.filter((id) => !onPage.has(id))
	const pageCount = Math.max(1, Math.ceil(list.total / list.page_size))
	return (
		<fieldset className="space-y-3">
			<legend className="font-semibold">Choose members</legend>
			<div className="flex flex-wrap items-end gap-2">
				<div className="grow text-sm">
					<label htmlFor="member-q" className="block font-medium">
						Search members
					</label>
					<input
						type="search"
						id="member-q"
						name="q"
						defaultValue={q}
						maxLength={100}
						aria-describedby="member-q-hint"
						className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
					/>
					<span id="member-q-hint" className="mt-1 block text-slate-600">
						A name, an email address or a phone number.
					</span>
				</div>
				<button
					type="submit"
					formMethod="get"
					formAction={action}
					formNoValidate
					className="min-h-11 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold"
				>
					Search
				</button>
			</div>
			<p className="text-sm text-slate-600" aria-live="polite">
				{q
					? `${plural(list.total, 'member')} of ${list.on_plan} ${list.total === 1 ? 'matches' : 'match'} “${q}”`
					: plural(list.total, 'member')}{' '}
				· <strong className="text-slate-900">{chosen.length} chosen</strong>
				{elsewhere.length ? ` (${elsewhere.length} on other pages or searches)` : ''}
			</p>
			{overChosen ? (
				<p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
					{MAX_CHOSEN_TEXT}
				</p>
			) : null}
			{elsewhere.map((id) => (
				<input key={id} type="hidden" name="member" value={id} />
			))}
			{list.members.length ? (
				<MembersTable members={list.members} caption={caption} choose chosen={chosen} />
			) : (
				<p>
					{list.total
						? `Page ${list.page} has no members: the list has ${pageCount}.`
						: q
							? `No member matches “${q}”.`
							: 'The plan has no members.'}
				</p>
			)}
			<PageButtons label="Pages of the members" page={Math.min(list.page, pageCount)} pageCount={pageCount} action={action} />
		</fieldset>
	)
}

import { Form } from 'react-router'
import { buttonClass } from '#app/components/ui/form.tsx'

/**
 * The search over the staff register above a list of staff to choose from (leaving, a custodian…): a
 * plain GET form, so it works without JavaScript, that keeps what was searched.
 */
export function StaffSearch({ id, q }: { id: string; q: string }) {
	return (
		<Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Search the staff">
			<label htmlFor={id} className="sr-only">
				Search
			</label>
			<input
				id={id}
				name="q"
				type="search"
				defaultValue={q}
				placeholder="Name, email or phone"
				className="min-h-11 rounded-md border border-slate-300 px-3"
			/>
			<button type="submit" className={buttonClass('secondary')}>
				Search
			</button>
		</Form>
	)
}

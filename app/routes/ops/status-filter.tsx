import { Form } from 'react-router'
import { Select, buttonClass } from '#app/components/ui/form.tsx'
import { type StatusKind, statusOptions } from '#app/lib/statuses.ts'

/** A desk queue's status filter: a plain GET form, so it works without JavaScript; '' is every status. */
export function DeskStatusFilter({ id, kind, status }: { id: string; kind: StatusKind; status: string }) {
	return (
		<Form method="get" className="my-4 flex items-end gap-3">
			<label htmlFor={id} className="space-y-1 text-sm font-medium">
				<span className="block">Status</span>
				<Select id={id} name="status" defaultValue={status}>
					<option value="">Every status</option>
					{statusOptions(kind).map((o) => (
						<option key={o.value} value={o.value}>
							{o.label}
						</option>
					))}
				</Select>
			</label>
			<button type="submit" className={buttonClass('secondary')}>
				Show
			</button>
		</Form>
	)
}

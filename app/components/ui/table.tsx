export const tableClass = 'w-full min-w-[36rem] border-collapse text-left text-sm'
export const thClass = 'border-b border-slate-200 px-3 py-2 font-semibold text-slate-700'
export const tdClass = 'border-b border-slate-100 px-3 py-2 align-top'

/** A table's column headings; `actions` adds a last, visually empty one for a row's buttons and links. */
export function TableHead({ columns, actions = false }: { columns: readonly string[]; actions?: boolean }) {
	return (
		<thead>
			<tr>
				{columns.map((h) => (
					<th key={h} scope="col" className={thClass}>
						{h}
					</th>
				))}
				{actions ? (
					<th scope="col" className={thClass}>
						<span className="sr-only">Actions</span>
					</th>
				) : null}
			</tr>
		</thead>
	)
}

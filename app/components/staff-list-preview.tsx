import { formatDay } from '#api/contract/dates.ts'
import { EmailAddress } from '#app/components/ui/email-address.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'
import { plural } from '#app/lib/plural.ts'

// A checked staff list as batch upload and the staff import show it: every problem, then every row.

type StaffList = {
	filename: string
	rows: ReadonlyArray<{
		row: number
		first_name: string
		last_name: string
		email: string
		phone: string
		gender: string
		date_of_birth: string
	}>
	errors: ReadonlyArray<{ row: number; field: string; message: string }>
	valid_count: number
}

const COLUMNS = ['S/N', 'Name', 'Email', 'Phone', 'Gender', 'Date of birth', 'Problems'] as const

/** The rows' problems, grouped by row, in the order of the file. */
function problemsByRow(errors: ReadonlyArray<{ row: number; message: string }>) {
	const rows = new Map<number, string[]>()
	for (const e of errors) rows.set(e.row, [...(rows.get(e.row) ?? []), e.message])
	return rows
}

/** Every problem of the file, each linking to its row in the table below. */
export function ProblemList({ batch }: { batch: StaffList }) {
	const names = new Map(batch.rows.map((r) => [r.row, `${r.first_name} ${r.last_name}`.trim()]))
	return (
		<section aria-labelledby="problems-heading" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
			<h2 id="problems-heading" className="font-semibold">
				{plural(batch.errors.length, 'problem')} in {batch.rows.length - batch.valid_count} of {batch.rows.length} rows
			</h2>
			<p className="mt-1 text-sm">Fix the rows and upload the file again. Row numbers are the spreadsheet's: the header is row 1.</p>
			<ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
				{batch.errors.map((e) => (
					<li key={`${e.row}-${e.field}`}>
						<a href={`#row-${e.row}`} className="underline">
							Row {e.row}
							{names.get(e.row) ? ` (${names.get(e.row)})` : ''}
						</a>
						: {e.message}
					</li>
				))}
			</ul>
		</section>
	)
}

export function StaffTable({ batch, dateOfBirthMissing = 'Asked at activation' }: { batch: StaffList; dateOfBirthMissing?: string }) {
	const problems = problemsByRow(batch.errors)
	// A date of birth with a problem shows as the file has it, so that it can be found and fixed there.
	const wrongDays = new Set(batch.errors.filter((e) => e.field === 'date_of_birth').map((e) => e.row))
	const [number, name, email, phone, gender, birth, check] = COLUMNS
	return (
		<ResponsiveTable caption={`Staff in ${batch.filename}`} columns={COLUMNS}>
			{batch.rows.map((r, i) => {
				const wrong = problems.get(r.row)
				return (
					<tr key={r.row} id={`row-${r.row}`} className={wrong ? 'bg-red-50' : undefined}>
						<Cell label={number}>{i + 1}</Cell>
						<Cell label={name}>{`${r.first_name} ${r.last_name}`.trim() || '—'}</Cell>
						<Cell label={email}>{r.email ? <EmailAddress value={r.email} /> : '—'}</Cell>
						<Cell label={phone}>{r.phone || '—'}</Cell>
						<Cell label={gender} className="capitalize">
							{r.gender || '—'}
						</Cell>
						<Cell label={birth}>
							{r.date_of_birth && !wrongDays.has(r.row) ? (
								<time dateTime={r.date_of_birth}>{formatDay(r.date_of_birth)}</time>
							) : (
								r.date_of_birth || dateOfBirthMissing
							)}
						</Cell>
						<Cell label={check}>
							{wrong ? (
								<ul className="space-y-0.5 text-red-800">
									<li className="font-semibold">Row {r.row}</li>
									{wrong.map((m) => (
										<li key={m}>{m}</li>
									))}
								</ul>
							) : (
								<span className="text-emerald-800">OK</span>
							)}
						</Cell>
					</tr>
				)
			})}
		</ResponsiveTable>
	)
}

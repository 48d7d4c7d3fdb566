import { HOSPITAL_TYPES, type HospitalType } from '../../contract/plans.ts'
import type { NetworkRow } from './sample.ts'

// A real network file (docs/decisions/080-hospital-network.md): CSV with a header row naming at least
// code, name, type, state, lga and address (phone optional), in any order. Rows are checked against the
// states and LGAs we know; each bad row is reported and left out.

export const NETWORK_COLUMNS = ['code', 'name', 'type', 'state', 'lga', 'address', 'phone'] as const

/** Words an HMO's file uses for our types. */
const TYPE_WORDS: Record<string, HospitalType> = {
	...Object.fromEntries(HOSPITAL_TYPES.map((t) => [t, t])),
	eye: 'ophthalmology',
	'eye care': 'ophthalmology',
	optical: 'ophthalmology',
	clinic: 'hospital',
	'primary care': 'hospital',
	'laboratory centre': 'laboratory',
	lab: 'laboratory',
	'diagnostic centre': 'diagnostic',
	imaging: 'diagnostic',
}

export type NetworkProblem = { row: number; message: string }

export function readNetwork(
	records: string[][],
	states: ReadonlyArray<{ state: string; lgas: readonly string[] }>,
): { rows: NetworkRow[]; problems: NetworkProblem[] } {
	const [header, ...body] = records
	if (!header) return { rows: [], problems: [{ row: 1, message: 'The file is empty.' }] }
	const names = header.map((h) => h.trim().toLowerCase())
	const missing = NETWORK_COLUMNS.filter((c) => c !== 'phone' && !names.includes(c))
	if (missing.length) return { rows: [], problems: [{ row: 1, message: `The header lacks: ${missing.join(', ')}.` }] }
	const at = (cells: string[], column: string) => (cells[names.indexOf(column)] ?? '').trim()
	const known = new Map(states.map((s) => [s.state.toLowerCase(), s]))
	const rows: NetworkRow[] = []
	const problems: NetworkProblem[] = []
	const seen = new Set<string>()
	body.forEach((cells, i) => {
		const row = i + 2
		if (cells.every((c) => !c.trim())) return
		const code = at(cells, 'code')
		const type = TYPE_WORDS[at(cells, 'type').toLowerCase()]
		const state = known.get(
			at(cells, 'state')
				.toLowerCase()
				.replace(/ state$/, ''),
		)
		const lga = state?.lgas.find((l) => l.toLowerCase() === at(cells, 'lga').toLowerCase())
		const problem = !code
			? 'No code.'
			: seen.has(code)
				? `The code ${code} is on an earlier row.`
				: !at(cells, 'name')
					? 'No name.'
					: !type
						? `Unknown type "${at(cells, 'type')}": use ${HOSPITAL_TYPES.join(', ')}.`
						: !state
							? `Unknown state "${at(cells, 'state')}".`
							: !lga
								? `"${at(cells, 'lga')}" is not an LGA of ${state.state}.`
								: !at(cells, 'address')
									? 'No address.'
									: null
		if (problem) {
			problems.push({ row, message: problem })
			return
		}
		seen.add(code)
		rows.push({
			code: code.slice(0, 60),
			name: at(cells, 'name').slice(0, 200),
			type: type!,
			state: state!.state,
			lga: lga!,
			address: at(cells, 'address').slice(0, 300),
			phone: at(cells, 'phone').slice(0, 20) || null,
		})
	})
	return { rows, problems }
}

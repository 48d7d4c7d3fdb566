import type { HospitalType } from '../../contract/plans.ts'

// The sample hospital network (docs/decisions/080-hospital-network.md): generated, not real. Made the
// same way every time from the states and their LGAs by a seeded generator, so a test or a screenshot
// finds the same names; each row's source is 'sample' and the screen says so.

const NAMES: Record<HospitalType, readonly string[]> = {
	hospital: ['General Hospital', 'Specialist Hospital', 'Family Clinic', 'Medical Centre', 'Cottage Hospital', 'Mission Hospital'],
	ophthalmology: ['Eye Clinic', 'Eye Care Centre', 'Vision Clinic'],
	dental: ['Dental Clinic', 'Dental Centre', 'Smile Dental'],
	laboratory: ['Medical Laboratory', 'Clinical Laboratory', 'Diagnostic Lab'],
	diagnostic: ['Diagnostic Centre', 'Imaging Centre', 'Scan Centre'],
}
const PREFIXES = ['Grace', 'Mercy', 'Unity', 'Hope', 'Crown', 'Royal', 'Cedar', 'Harmony', 'Faith', 'Sunrise', 'Covenant', 'Peace']
const STREETS = ['Hospital Road', 'Market Road', 'Station Road', 'Church Street', 'Ahmadu Bello Way', 'Airport Road', 'Stadium Road']
/** Most of a network is hospitals; the rest spread over the other types. */
const TYPE_WHEEL: readonly HospitalType[] = [
	'hospital',
	'hospital',
	'hospital',
	'laboratory',
	'diagnostic',
	'dental',
	'ophthalmology',
	'hospital',
]

/** A small deterministic generator (mulberry32): the same seed gives the same network. */
function generator(seed: number) {
	let a = seed >>> 0
	return () => {
		a = (a + 0x6d2b79f5) >>> 0
		let t = a
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
	}
}

export type NetworkRow = {
	code: string
	name: string
	type: HospitalType
	state: string
	lga: string
	address: string
	phone: string | null
}

/** `perState` providers in every state, in the first LGAs of its list: 37 states × 8 = 296 by default. */
export function sampleNetwork(states: ReadonlyArray<{ state: string; lgas: readonly string[] }>, perState = 8): NetworkRow[] {
	const random = generator(14)
	const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
	const rows: NetworkRow[] = []
	for (const { state, lgas } of states) {
		for (let i = 0; i < perState; i++) {
			const type = TYPE_WHEEL[i % TYPE_WHEEL.length]!
			const lga = lgas[Math.floor(random() * Math.min(lgas.length, 6))]!
			const number = 1 + Math.floor(random() * 120)
			rows.push({
				code: `SAMPLE-${state.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(3, '0')}`,
				name: `${pick(PREFIXES)} ${pick(NAMES[type])}, ${lga}`,
				type,
				state,
				lga,
				address: `${number} ${pick(STREETS)}, ${lga}, ${state}`,
				phone: `080${String(Math.floor(random() * 100_000_000)).padStart(8, '0')}`,
			})
		}
	}
	return rows
}

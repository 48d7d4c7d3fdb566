import { expect, test } from 'vitest'
import statesWithLgas from '../../db/seed/states-lgas.json' with { type: 'json' }
import { readNetwork } from './import.ts'
import { sampleNetwork } from './sample.ts'

test('the sample network: a few hundred providers in all 37 states, every type, the same every time', () => {
	const rows = sampleNetwork(statesWithLgas)
	expect(rows).toHaveLength(296)
	expect(new Set(rows.map((r) => r.state)).size).toBe(37)
	expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['hospital', 'laboratory', 'diagnostic', 'dental', 'ophthalmology']))
	expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length)
	expect(sampleNetwork(statesWithLgas)).toEqual(rows)
	for (const r of rows) expect(statesWithLgas.find((s) => s.state === r.state)!.lgas).toContain(r.lga)
})

test('a network file: its rows checked against the states and LGAs, each bad row reported', () => {
	const { rows, problems } = readNetwork(
		[
			['Code', 'Name', 'Type', 'State', 'LGA', 'Address', 'Phone'],
			['H1', 'Reddington Hospital', 'Hospital', 'Lagos State', 'Ikeja', '12 Isaac John St', '08031234567'],
			['H2', 'Eye Foundation', 'eye care', 'lagos', 'ikeja', '27 GRA', ''],
			['H1', 'Again', 'hospital', 'Lagos', 'Ikeja', 'x', ''],
			['H3', 'Nowhere', 'spa', 'Lagos', 'Ikeja', 'x', ''],
			['H4', 'Wrong LGA', 'dental', 'Kano', 'Ikeja', 'x', ''],
			['', '', '', '', '', '', ''],
		],
		statesWithLgas,
	)
	expect(rows.map((r) => [r.code, r.type, r.state, r.lga, r.phone])).toEqual([
		['H1', 'hospital', 'Lagos', 'Ikeja', '08031234567'],
		['H2', 'ophthalmology', 'Lagos', 'Ikeja', null],
	])
	expect(problems).toEqual([
		{ row: 4, message: 'The code H1 is on an earlier row.' },
		{ row: 5, message: 'Unknown type "spa": use ophthalmology, hospital, dental, laboratory, diagnostic.' },
		{ row: 6, message: '"Ikeja" is not an LGA of Kano.' },
	])
	expect(readNetwork([['code', 'name']], statesWithLgas).problems[0]!.message).toBe('The header lacks: type, state, lga, address.')
})

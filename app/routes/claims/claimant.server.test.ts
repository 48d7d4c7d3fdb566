import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { claimBody, sentValues } from './claimant.server.ts'
import { claimSchema } from './details-form.tsx'

const form = (entries: Record<string, string>) => {
	const data = new FormData()
	for (const [k, v] of Object.entries(entries)) data.append(k, v)
	return data
}
const incident = {
	incident_type: 'hospital_visit',
	incident_date: '2026-11-30',
	place: 'Reddington Hospital',
	description: 'Seen for a fever, with tests and drugs.',
	amount: '45000',
}
const member = '00000000-0000-4000-8000-000000000001'

describe('who a claim on a staff plan is for (decision 170)', () => {
	it('asks for a member only on a plan: chosen from its list, or named by email or phone', () => {
		const errorsOf = (schema: ReturnType<typeof claimSchema>, entries: Record<string, string>) => {
			const submission = parseWithZod(form(entries), { schema })
			return submission.status === 'success' ? null : submission.error
		}
		expect(errorsOf(claimSchema(null), incident)).toBeNull()
		const listed = claimSchema({ options: [{ id: member, name: 'Ada Obi' }] })
		expect(errorsOf(listed, incident)).toEqual({ claimant_staff_id: ['Choose the member the claim is for.'] })
		expect(errorsOf(listed, { ...incident, claimant_staff_id: member })).toBeNull()
		const named = claimSchema({ search: true })
		expect(errorsOf(named, incident)).toEqual({ claimant: ["Enter the member's email address or phone number."] })
		expect(errorsOf(named, { ...incident, claimant: 'ada@firm.ng' })).toBeNull()
		// A draft's member so far is kept when the field is left empty.
		expect(errorsOf(claimSchema({ search: true, current: { id: member, name: 'Ada Obi' } }), incident)).toBeNull()
	})

	it('sends the API the member as an id, never the words typed to find them', () => {
		const sent = form({ ...incident, claimant: 'ada@firm.ng', claimant_staff_id: 'not-asked' })
		expect(claimBody(sent, { id: member })).toEqual({ ...incident, claimant_staff_id: member })
		expect(claimBody(sent, null)).toEqual(incident)
		expect(sentValues(sent)).toMatchObject({ claimant: 'ada@firm.ng', place: 'Reddington Hospital' })
	})
})

import { expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// The resource lists are public reference data: there is no token case and no id to scope.

describeApi('resources', () => {
	test('states-with-lga lists the 36 states and the FCT with their 774 LGAs', async () => {
		const { call } = await testApi()
		const res = await call('GET', '/states-with-lga')
		expect(res.status).toBe(200)
		const states = res.body.data.states as Array<{ state: string; lgas: string[] }>
		expect(states).toHaveLength(37)
		expect(states.reduce((n, s) => n + s.lgas.length, 0)).toBe(774)
		expect(states.find((s) => s.state === 'Federal Capital Territory')?.lgas).toHaveLength(6)
		expect(states.find((s) => s.state === 'Lagos')?.lgas).toHaveLength(20)
		expect(states.find((s) => s.state === 'Kano')?.lgas).toHaveLength(44)
	})

	test('sectors are a list of names', async () => {
		const { call } = await testApi()
		const res = await call('GET', '/resources/sectors')
		expect(res.status).toBe(200)
		expect(res.body.data).toContain('Healthcare')
		expect(res.body.data.every((s: unknown) => typeof s === 'string')).toBe(true)
	})
})

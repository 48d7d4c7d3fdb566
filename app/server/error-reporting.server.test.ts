import { data } from 'react-router'
import { describe, expect, test } from 'vitest'
import { ApiCallError } from './api.server.ts'
import { portalErrorStatus } from './error-reporting.server.ts'

describe('what the portal reports', () => {
	test('its own failures as 500, route answers by their status, the API out of reach as 502', () => {
		expect(portalErrorStatus(new TypeError('boom'))).toBe(500)
		expect(portalErrorStatus(new Response(null, { status: 404 }))).toBe(404)
		expect(portalErrorStatus(new ApiCallError(0, 'Network error.'))).toBe(502)
	})

	test('never an API answer it passes on: the API reported its own, so a failure is reported once', () => {
		expect(portalErrorStatus(new ApiCallError(500, 'Something went wrong.'))).toBeNull()
		expect(portalErrorStatus(new ApiCallError(409, 'Taken.'))).toBeNull()
	})

	test('a thrown data() answer keeps its status', () => {
		const thrown = data('Not here', { status: 404 })
		expect(portalErrorStatus(thrown)).toBe(404)
	})
})

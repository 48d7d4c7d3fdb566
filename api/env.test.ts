import { describe, expect, test } from 'vitest'
import { readApiEnv } from './env.ts'

describe('the CAC provider settings', () => {
	test('are unset by default: the local registry answers', () => {
		const env = readApiEnv({})
		expect(env.CAC_PROVIDER_URL).toBeUndefined()
		expect(env.CAC_PROVIDER_KEY).toBeUndefined()
	})

	test('a provider URL needs its key', () => {
		expect(() => readApiEnv({ CAC_PROVIDER_URL: 'https://cac.example.com/v1' })).toThrow(
			'Invalid environment:\n  CAC_PROVIDER_KEY: set it to the API key of the CAC provider named by CAC_PROVIDER_URL',
		)
		const env = readApiEnv({ CAC_PROVIDER_URL: 'https://cac.example.com/v1', CAC_PROVIDER_KEY: 'k' })
		expect(env).toMatchObject({ CAC_PROVIDER_URL: 'https://cac.example.com/v1', CAC_PROVIDER_KEY: 'k' })
	})

	test('the URL must be a URL', () => {
		expect(() => readApiEnv({ CAC_PROVIDER_URL: 'cac.example.com', CAC_PROVIDER_KEY: 'k' })).toThrow(/CAC_PROVIDER_URL/)
	})
})

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

describe('the payment settings', () => {
	test('default to the sandbox gateway, ₦5,000,000 per funding and approval above ₦1,000,000', () => {
		const env = readApiEnv({})
		expect(env).toMatchObject({ PAYMENT_GATEWAY: 'sandbox', walletFundMax: 5_000_000, withdrawalApprovalThreshold: 1_000_000 })
		expect(env.apiPublicUrl).toBe('http://localhost:3000')
		expect(readApiEnv({ PUBLIC_URL: 'https://portal.example.com/' }).apiPublicUrl).toBe('https://portal.example.com')
		expect(readApiEnv({ API_PUBLIC_URL: 'https://api.example.com' }).apiPublicUrl).toBe('https://api.example.com')
	})

	test('paystack needs its secret key, in its form', () => {
		expect(() => readApiEnv({ PAYMENT_GATEWAY: 'paystack' })).toThrow(
			'Invalid environment:\n  PAYSTACK_SECRET_KEY: set it to your Paystack secret key when PAYMENT_GATEWAY=paystack',
		)
		expect(() => readApiEnv({ PAYMENT_GATEWAY: 'paystack', PAYSTACK_SECRET_KEY: 'pk_test_abc' })).toThrow(/sk_test_ or sk_live_/)
		expect(readApiEnv({ PAYMENT_GATEWAY: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_abc123' }).PAYMENT_GATEWAY).toBe('paystack')
		expect(() => readApiEnv({ PAYMENT_GATEWAY: 'flutterwave' })).toThrow(/PAYMENT_GATEWAY/)
	})

	test('limits are whole Naira', () => {
		expect(readApiEnv({ WALLET_FUND_MAX: '250000', WITHDRAWAL_APPROVAL_THRESHOLD: '0' })).toMatchObject({
			walletFundMax: 250_000,
			withdrawalApprovalThreshold: 0,
		})
		expect(() => readApiEnv({ WALLET_FUND_MAX: '99' })).toThrow(/WALLET_FUND_MAX/)
		expect(() => readApiEnv({ WITHDRAWAL_APPROVAL_THRESHOLD: '1.5' })).toThrow(/WITHDRAWAL_APPROVAL_THRESHOLD/)
		expect(() => readApiEnv({ SANDBOX_SECRET_KEY: 'short' })).toThrow(/SANDBOX_SECRET_KEY/)
	})
})

describe('demo mode', () => {
	const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example.com/portal' } as const

	test('is on for the embedded database and off for a server, unless DEMO_MODE says', () => {
		expect(readApiEnv({}).demo).toBe(true)
		expect(readApiEnv({ NODE_ENV: 'production' }).demo).toBe(true)
		expect(readApiEnv({ DATABASE_URL: 'postgres://localhost/portal' }).demo).toBe(false)
		expect(readApiEnv({ DATABASE_URL: 'postgres://localhost/portal', DEMO_MODE: 'true' }).demo).toBe(true)
		expect(readApiEnv({ DEMO_MODE: 'false' }).demo).toBe(false)
		expect(() => readApiEnv({ DEMO_MODE: 'yes' })).toThrow(/DEMO_MODE/)
	})

	test('the outbox is for the machine itself and forwarded addresses are ignored, unless set', () => {
		expect(readApiEnv({})).toMatchObject({ outboxPublic: false, trustProxy: false })
		expect(readApiEnv({ OUTBOX_PUBLIC: 'true', TRUST_PROXY: 'true' })).toMatchObject({ outboxPublic: true, trustProxy: true })
	})

	test('production outside demo mode refuses to start without a real mailer, naming SMTP_URL', () => {
		expect(() => readApiEnv({ ...production, PAYMENT_GATEWAY: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_abc123' })).toThrow(
			'Invalid environment:\n  SMTP_URL: set it to your SMTP server: in production, outside DEMO_MODE, mail must really go out',
		)
	})

	test('production outside demo mode refuses to start with the sandbox gateway, naming PAYMENT_GATEWAY', () => {
		expect(() => readApiEnv({ ...production, SMTP_URL: 'smtps://u:p@smtp.example.com' })).toThrow(
			'Invalid environment:\n  PAYMENT_GATEWAY: set it to paystack: in production, outside DEMO_MODE, payments must not be simulated',
		)
		expect(() => readApiEnv({ NODE_ENV: 'production', DEMO_MODE: 'false' })).toThrow(/SMTP_URL[\s\S]*PAYMENT_GATEWAY/)
	})

	test('production with a real mailer and gateway, or an explicit demo, starts', () => {
		const real = {
			...production,
			SMTP_URL: 'smtps://u:p@smtp.example.com',
			PAYMENT_GATEWAY: 'paystack',
			PAYSTACK_SECRET_KEY: 'sk_live_abc123',
		} as const
		expect(readApiEnv(real).demo).toBe(false)
		expect(readApiEnv({ ...production, DEMO_MODE: 'true' }).demo).toBe(true)
	})
})

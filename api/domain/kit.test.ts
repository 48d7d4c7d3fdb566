import { describe, expect, test } from 'vitest'
import {
	hashSecretKey,
	isAcknowledged,
	isWebhookSignature,
	launchProblem,
	newPartnerSecrets,
	retryDelayMs,
	secretKeyOf,
	sessionProblem,
	webhookSignature,
} from './kit.ts'

const now = new Date('2026-11-25T10:00:00Z')
const later = new Date(now.getTime() + 60_000)
const portalOrigin = 'https://portal.example'
const session = { expiresAt: later, openedAt: null, origin: 'https://bank.example' }

describe('launching the kit', () => {
	test('a fresh payload from its origin launches', () => {
		expect(launchProblem(session, { now, hostOrigin: 'https://bank.example', portalOrigin })).toBeNull()
	})
	test('an expired one does not, even from its origin', () => {
		expect(launchProblem(session, { now: later, hostOrigin: 'https://bank.example', portalOrigin })).toBe('expired')
	})
	test('one opened before is a replay', () => {
		expect(launchProblem({ ...session, openedAt: now }, { now, hostOrigin: 'https://bank.example', portalOrigin })).toBe('used')
	})
	test('another origin, or a lookalike, is refused', () => {
		for (const host of ['https://evil.example', 'http://bank.example', 'https://bank.example:444', 'https://bank.example.evil.example']) {
			expect(launchProblem(session, { now, hostOrigin: host, portalOrigin })).toBe('origin')
		}
	})
	test('not framed, only a session for the portal itself opens', () => {
		expect(launchProblem(session, { now, hostOrigin: null, portalOrigin })).toBe('origin')
		expect(launchProblem({ ...session, origin: portalOrigin }, { now, hostOrigin: null, portalOrigin })).toBeNull()
	})
	test('pages of a session answer while it is open and unexpired', () => {
		expect(sessionProblem({ expiresAt: later, status: 'open' }, now)).toBeNull()
		expect(sessionProblem({ expiresAt: later, status: 'completed' }, now)).toBeNull()
		expect(sessionProblem({ expiresAt: later, status: 'closed' }, now)).toBe('closed')
		expect(sessionProblem({ expiresAt: later, status: 'created' }, now)).toBe('closed')
		expect(sessionProblem({ expiresAt: now, status: 'open' }, now)).toBe('expired')
	})
})

describe('partner keys', () => {
	test('are random, prefixed, and kept as a hash', () => {
		const a = newPartnerSecrets()
		const b = newPartnerSecrets()
		expect(a.secretKey).not.toBe(b.secretKey)
		expect(hashSecretKey(a.secretKey)).toMatch(/^[0-9a-f]{64}$/)
		expect(hashSecretKey(a.secretKey)).toBe(hashSecretKey(a.secretKey))
	})
	test('the secret is read from a bearer header only', () => {
		const { secretKey } = newPartnerSecrets()
		expect(secretKeyOf(`Bearer ${secretKey}`)).toBe(secretKey)
		expect(secretKeyOf(secretKey)).toBeNull()
		expect(secretKeyOf('Bearer pk_kit_abc')).toBeNull()
		expect(secretKeyOf(undefined)).toBeNull()
	})
})

describe('webhooks', () => {
	test('are signed HMAC-SHA512 over the exact body', () => {
		const body = '{"id":"evt_1"}'
		const signature = webhookSignature('whsec_x', body)
		expect(signature).toMatch(/^[0-9a-f]{128}$/)
		expect(isWebhookSignature('whsec_x', body, signature)).toBe(true)
		expect(isWebhookSignature('whsec_y', body, signature)).toBe(false)
		expect(isWebhookSignature('whsec_x', `${body} `, signature)).toBe(false)
		expect(isWebhookSignature('whsec_x', body, 'zz')).toBe(false)
	})
	test('retry later each time, never more than six hours apart', () => {
		const delays = Array.from({ length: 10 }, (_, i) => retryDelayMs(i + 1))
		for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!)
		expect(delays[0]).toBe(30_000)
		expect(Math.max(...delays)).toBe(6 * 3_600_000)
	})
	test('only a 2xx acknowledges', () => {
		expect([200, 204, 299].every(isAcknowledged)).toBe(true)
		expect([199, 301, 404, 500].some(isAcknowledged)).toBe(false)
	})
})

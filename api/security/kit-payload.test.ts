import { describe, expect, test } from 'vitest'
import { type KitClaims, openKitPayload, sealKitPayload } from './kit-payload.ts'

const key = new Uint8Array(32).fill(1)
const otherKey = new Uint8Array(32).fill(2)
const claims: KitClaims = {
	pk: 'pk_kit_1',
	reference: 'order-1',
	action: 'purchase',
	payment_option: 'gateway',
	origin: 'https://bank.example',
	pid: 5,
}
const createdAt = new Date('2026-11-25T10:00:00Z')
const session = { id: 'jti-1', createdAt, expiresAt: new Date(createdAt.getTime() + 30 * 60_000) }
const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000)

describe('kit payloads', () => {
	test('open to their claims and session id with the key, within their time', async () => {
		const token = await sealKitPayload(key, claims, session)
		expect(token.split('.')).toHaveLength(5)
		expect(token).not.toContain('bank.example')
		const opened = await openKitPayload(key, token, at(29))
		expect(opened).toMatchObject({ ok: true, sessionId: 'jti-1', claims })
	})

	test('are refused once expired', async () => {
		const token = await sealKitPayload(key, claims, session)
		expect(await openKitPayload(key, token, at(30))).toEqual({ ok: false, problem: 'expired' })
	})

	test('cannot be made to live longer than 30 minutes', async () => {
		await expect(sealKitPayload(key, claims, { ...session, expiresAt: at(31) })).rejects.toThrow(/30 minutes/)
	})

	test('are refused when any part is changed, or under another key', async () => {
		const token = await sealKitPayload(key, claims, session)
		const parts = token.split('.')
		for (const index of [0, 2, 3, 4]) {
			const changed = [...parts]
			const part = changed[index]!
			changed[index] = `${part.slice(0, -2)}${part.at(-2) === 'A' ? 'B' : 'A'}${part.at(-1)}`
			expect(await openKitPayload(key, changed.join('.'), at(1))).toEqual({ ok: false, problem: 'tampered' })
		}
		expect(await openKitPayload(otherKey, token, at(1))).toEqual({ ok: false, problem: 'tampered' })
		expect(await openKitPayload(key, 'not-a-jwe', at(1))).toEqual({ ok: false, problem: 'tampered' })
	})

	test('made with another algorithm are refused', async () => {
		const { EncryptJWT } = await import('jose')
		const token = await new EncryptJWT({ ...claims })
			.setProtectedHeader({ alg: 'dir', enc: 'A128CBC-HS256' })
			.setJti('x')
			.setIssuedAt(Math.floor(createdAt.getTime() / 1000))
			.setExpirationTime(Math.floor(at(30).getTime() / 1000))
			.encrypt(key)
		expect(await openKitPayload(key, token, at(1))).toEqual({ ok: false, problem: 'tampered' })
	})
})

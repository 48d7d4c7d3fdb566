import { describe, expect, test } from 'vitest'
import {
	INVITATION_TTL_MS,
	OTP_DIGITS,
	OTP_MAX_SENDS,
	OTP_MAX_WRONG_TRIES,
	OTP_SEND_WINDOW_MS,
	OTP_TTL_SECONDS,
	RESET_GRANT_TTL_MS,
	SIGN_IN_MAX_FAILURES,
	SIGN_IN_WINDOW_MS,
	TOKEN_ROTATE_AFTER_MS,
	TOKEN_ROTATION_GRACE_MS,
	TOKEN_TTL_MS,
	shouldRotate,
	wrongTriesLeft,
} from './auth-rules.ts'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

describe('the account-security constants', () => {
	test('say what the rules say', () => {
		expect(TOKEN_TTL_MS).toBe(24 * HOUR)
		expect(TOKEN_ROTATE_AFTER_MS).toBe(HOUR)
		expect(TOKEN_ROTATION_GRACE_MS).toBe(2 * MINUTE)
		expect(OTP_DIGITS).toBe(6)
		expect(OTP_TTL_SECONDS).toBe(10 * 60)
		expect(OTP_MAX_WRONG_TRIES).toBe(5)
		expect(OTP_MAX_SENDS).toBe(3)
		expect(OTP_SEND_WINDOW_MS).toBe(15 * MINUTE)
		expect(SIGN_IN_MAX_FAILURES).toBe(5)
		expect(SIGN_IN_WINDOW_MS).toBe(15 * MINUTE)
		expect(RESET_GRANT_TTL_MS).toBe(15 * MINUTE)
		expect(INVITATION_TTL_MS).toBe(7 * 24 * HOUR)
	})
})

describe('shouldRotate', () => {
	const created = new Date('2026-03-01T08:00:00Z')
	const at = (ms: number) => new Date(created.getTime() + ms)

	test('a token is rotated once it is an hour old', () => {
		expect(shouldRotate(created, null, at(0))).toBe(false)
		expect(shouldRotate(created, null, at(HOUR - 1))).toBe(false)
		expect(shouldRotate(created, null, at(HOUR))).toBe(true)
		expect(shouldRotate(created, null, at(23 * HOUR))).toBe(true)
	})

	test('a token is rotated only once', () => {
		expect(shouldRotate(created, at(HOUR), at(HOUR + 1))).toBe(false)
		expect(shouldRotate(created, at(HOUR), at(5 * HOUR))).toBe(false)
	})
})

describe('wrongTriesLeft', () => {
	test('counts down from 5 and never below 0', () => {
		expect([0, 1, 2, 3, 4, 5, 6, 9].map(wrongTriesLeft)).toEqual([5, 4, 3, 2, 1, 0, 0, 0])
	})
})

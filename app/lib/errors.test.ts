import { describe, expect, test } from 'vitest'
import { isLogoutText, notificationKind } from './errors.ts'

describe('section 8', () => {
	test('notifications: above 300 danger, exactly 300 warning, otherwise success', () => {
		expect(notificationKind(200)).toBe('success')
		expect(notificationKind(299)).toBe('success')
		expect(notificationKind(300)).toBe('warning')
		expect(notificationKind(301)).toBe('danger')
		expect(notificationKind(500)).toBe('danger')
	})

	test('logout texts are matched lowercased', () => {
		expect(isLogoutText('Invalid Token')).toBe(true)
		expect(isLogoutText('USER NOT FOUND')).toBe(true)
		expect(isLogoutText('We could not find that account.')).toBe(false)
		expect(isLogoutText('You do not have permission to do this.')).toBe(false)
	})
})

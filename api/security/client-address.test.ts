import type { IncomingMessage } from 'node:http'
import { describe, expect, test } from 'vitest'
import { clientAddressOf, forwardedAddress, isLoopback } from './client-address.ts'

const incoming = (remoteAddress: string | undefined, headers: Record<string, string | string[]> = {}) =>
	({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage

describe('the client address', () => {
	test("is the socket's, whatever the headers claim, unless the proxy is trusted", () => {
		expect(clientAddressOf(incoming('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' }), false)).toBe('203.0.113.7')
		expect(clientAddressOf(incoming('10.0.0.2', { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' }), true)).toBe('203.0.113.7')
		// A trusted proxy that forwards nothing usable leaves the socket's address.
		expect(clientAddressOf(incoming('10.0.0.2', { 'x-forwarded-for': 'not-an-address' }), true)).toBe('10.0.0.2')
		expect(clientAddressOf(incoming(undefined), false)).toBeNull()
	})

	test('spells an IPv4 client on a dual-stack socket as IPv4', () => {
		expect(clientAddressOf(incoming('::ffff:127.0.0.1'), false)).toBe('127.0.0.1')
		expect(forwardedAddress(new Headers({ 'x-forwarded-for': '::ffff:198.51.100.4' }))).toBe('198.51.100.4')
		expect(forwardedAddress(new Headers())).toBeNull()
	})

	test('is the machine itself only on loopback', () => {
		for (const address of ['127.0.0.1', '127.8.9.10', '::1']) expect(isLoopback(address)).toBe(true)
		for (const address of ['10.0.0.1', '203.0.113.7', '::2', '2001:db8::1', '1127.0.0.1']) expect(isLoopback(address)).toBe(false)
		expect(isLoopback(null)).toBe(false)
	})
})

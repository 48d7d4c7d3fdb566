import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'

/**
 * The headers proxies name the client in, in order of preference (as remix-utils' getClientIPAddress
 * reads them). Checked with node:net's isIP: is-ip, which remix-utils uses, runs each check in a new
 * vm context (super-regex's timeout), which cost the in-process API about 5% of its CPU on every call
 * (docs/decisions/117-request-path-performance.md).
 */
const ADDRESS_HEADERS = [
	'x-azure-clientip',
	'x-client-ip',
	'x-forwarded-for',
	'http-x-forwarded-for',
	'fly-client-ip',
	'cf-connecting-ip',
	'fastly-client-ip',
	'true-client-ip',
	'x-real-ip',
	'x-cluster-client-ip',
	'x-forwarded',
	'forwarded-for',
	'forwarded',
	'do-connecting-ip',
	'oxygen-buyer-ip',
] as const

type HeaderSource = { get(name: string): string | null | undefined }

/** The first address in the forwarding headers that is a valid IPv4 or IPv6 address, or null. */
function getClientIPAddress(headers: HeaderSource): string | null {
	for (const name of ADDRESS_HEADERS) {
		const value = headers.get(name)
		if (!value) continue
		if (name === 'forwarded') {
			const part = value.split(';').find((p) => p.startsWith('for='))
			if (part && isIP(part.slice(4))) return part.slice(4)
			continue
		}
		for (const candidate of value.includes(',') ? value.split(',').map((ip) => ip.trim()) : [value]) {
			if (isIP(candidate)) return candidate
		}
	}
	return null
}

/**
 * The address a request came from: its socket's, or, behind a proxy the operator trusts
 * (TRUST_PROXY), the one the proxy forwarded. Never a header alone, which anyone can write.
 */
export function clientAddressOf(incoming: IncomingMessage, trustProxy: boolean) {
	const forwarded = trustProxy ? getClientIPAddress(nodeHeaders(incoming)) : null
	return normaliseAddress(forwarded ?? incoming.socket.remoteAddress ?? null)
}

/** The address named by forwarding headers, for a caller trusted to write them (the portal in process). */
export function forwardedAddress(headers: Headers) {
	return normaliseAddress(getClientIPAddress(headers))
}

/** The machine itself: 127.0.0.0/8 or ::1. */
export function isLoopback(address: string | null) {
	return address !== null && (address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address))
}

/** An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d: one address, one spelling. */
function normaliseAddress(address: string | null) {
	return address?.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1') ?? null
}

function nodeHeaders(incoming: IncomingMessage): HeaderSource {
	return {
		get: (name) => {
			const value = incoming.headers[name]
			return Array.isArray(value) ? value.join(', ') : value
		},
	}
}

import type { IncomingMessage } from 'node:http'
import { getClientIPAddress } from 'remix-utils/get-client-ip-address'

/**
 * The address a request came from: its socket's, or, behind a proxy the operator trusts
 * (TRUST_PROXY), the one the proxy forwarded. Never a header alone, which anyone can write.
 */
export function clientAddressOf(incoming: IncomingMessage, trustProxy: boolean) {
	const forwarded = trustProxy ? getClientIPAddress(headersOf(incoming)) : null
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

function headersOf(incoming: IncomingMessage) {
	const headers = new Headers()
	for (const [name, value] of Object.entries(incoming.headers)) {
		if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
	}
	return headers
}

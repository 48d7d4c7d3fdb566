import { createContext, type RouterContextProvider } from 'react-router'
import type { ApiClient, Transport } from './api.server.ts'

/** The in-process API, set by server.ts when API_BASE_URL is unset. */
export const transportContext = createContext<Transport | null>(null)
/** The browser's address as server.ts found it (its socket, or the trusted proxy's header). */
export const clientAddressContext = createContext<string | null>(null)

/** This request's id (server.ts), sent on with every API call so both logs name it alike. */
export const requestIdContext = createContext<string | null>(null)

/** This request's Content-Security-Policy nonce, set by server.ts, which sends the header. */
export const nonceContext = createContext<string>('')
/**
 * Markup a document's render takes from here instead of from the loaders' data, so that the page carries it
 * once (decision 148). server.ts sets a new map on a request for a document and null on a request for data
 * (`.data`): a client-side navigation has no server-rendered page to read the markup from.
 */
export const pageMarkupContext = createContext<Map<string, string> | null>(null)
/** This request's API client, set by the root middleware. */
export const apiContext = createContext<ApiClient>()

export function loadContext(transport: Transport | null, Provider: typeof RouterContextProvider) {
	const context = new Provider()
	context.set(transportContext, transport)
	return context
}

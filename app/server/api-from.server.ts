import { createContext, type RouterContextProvider } from 'react-router'
import { apiContext } from './context.server.ts'
import { type InsurerCalls, insurerCalls } from './insurer.server.ts'

/**
 * This request's calls, kept in its context. Not in a WeakMap keyed by the client: the calls hold the
 * client, and V8's young-generation collection keeps a WeakMap entry whose value holds its key, so every
 * request's client and calls were moved to the old generation and waited for a full collection (decision 144).
 */
const callsContext = createContext<InsurerCalls | null>(null)

/** The calls for this request, through the client the root middleware made; made once a request, not once a loader. */
export function apiFrom(context: Readonly<RouterContextProvider>) {
	let calls = context.get(callsContext)
	if (!calls) {
		calls = insurerCalls(context.get(apiContext))
		context.set(callsContext, calls)
	}
	return calls
}

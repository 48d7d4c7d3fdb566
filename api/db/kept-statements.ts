import { createHash } from 'node:crypto'

// Statements prepared once and kept, on either database (docs/decisions/128-request-path-second-pass.md).

/** At most this many statements are kept per connection. */
export const STATEMENTS_KEPT = 500

/** The SQL worth keeping: Drizzle's reads and writes, not a migration's DDL or a session's `set`. */
export const KEEPS = /^\s*(select|insert|update|delete|with)\b/i

/** A kept statement's name: the same text gets the same name in every process, within PostgreSQL's 63 characters. */
export const statementName = (text: string) => `kept_${createHash('sha1').update(text).digest('hex')}`

type QueryConfig = { text?: unknown; name?: unknown }

/**
 * node-postgres prepares a query once per connection when it has a name, and runs it by that name after:
 * PostgreSQL keeps its plan. `named` gives each of Drizzle's reads and writes its name until the connection
 * keeps STATEMENTS_KEPT of them; a config that is not such a query is returned as it is.
 */
export function keptStatements() {
	const kept = new Set<string>()
	return <T>(config: T): T => {
		if (!config || typeof config !== 'object') return config
		const { text, name } = config as QueryConfig
		if (name !== undefined || typeof text !== 'string' || !KEEPS.test(text)) return config
		const named = statementName(text)
		if (!kept.has(named)) {
			if (kept.size >= STATEMENTS_KEPT) return config
			kept.add(named)
		}
		return { ...config, name: named }
	}
}

import { type SQL, sql } from 'drizzle-orm'

/**
 * A bounded list read as one JSON column of a larger statement, so that a page's several short lists
 * cost one round trip, not one each (docs/decisions/128-request-path-second-pass.md): the rows of
 * `query` (which orders and limits them itself) in the order `order` gives over its columns, as `r`,
 * or [] when there are none.
 */
export const jsonRows = <T>(query: SQL, order: SQL) =>
	sql<T[] | string>`(select coalesce(json_agg(r order by ${order}), '[]'::json) from (${query}) as r)`

/** A JSON column as the driver hands it: parsed by node-postgres and PGlite, text where a driver leaves it so. */
export const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

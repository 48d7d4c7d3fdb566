import { type Placeholder, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { statementName } from './kept-statements.ts'

// Statements Drizzle builds once (docs/decisions/131-signed-in-page-costs.md).

/** The most shapes of statements kept per database: a role's permissions choose a shape of home's statement. */
export const SHAPES_KEPT = 100

/** A value of a statement: given, or a placeholder of a statement built once and filled at each run. */
export type Value = string | Placeholder

/** The names of a statement's values as placeholders: what a statement kept by `preparedOnce` is built with. */
export type Bound<Values> = { [K in keyof Values]: Placeholder<K & string> }

/** A placeholder for each of `values`, named as it is: the statement is built with these and run with `values`. */
export const bound = <Values extends Record<string, string>>(values: Values) =>
	Object.fromEntries(Object.keys(values).map((name) => [name, sql.placeholder(name)])) as Bound<Values>

type Buildable<P> = { prepare(name: string): P; toSQL(): { sql: string } }

const built = new WeakMap<Db, Map<string, unknown>>()

/**
 * A statement of `db` that Drizzle builds once for each `shape` and runs after that with the values of
 * its placeholders (`sql.placeholder`), instead of building its text anew for every request. Building
 * home's statement (19 parts) took an eighth of the API's time for the page. `shape` must name everything
 * that changes the built text; values that only fill it go in as placeholders. It is named as
 * `keptStatements` names any statement, after its text, so on PostgreSQL each connection prepares it once.
 */
export function preparedOnce<P>(db: Db, shape: string, build: () => Buildable<P>): P {
	let shapes = built.get(db)
	if (!shapes) {
		shapes = new Map()
		built.set(db, shapes)
	}
	const found = shapes.get(shape)
	if (found) return found as P
	const query = build()
	const prepared = query.prepare(statementName(query.toSQL().sql))
	if (shapes.size >= SHAPES_KEPT) shapes.delete(shapes.keys().next().value!)
	shapes.set(shape, prepared)
	return prepared
}

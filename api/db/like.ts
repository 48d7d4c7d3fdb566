import { type AnyColumn, or, type SQL, sql } from 'drizzle-orm'

/**
 * A LIKE pattern matching text that contains `text`, its own `%`, `_` and backslash taken literally (Postgres's
 * default escape character is the backslash): what a search box's words become in a query.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * A search box over people (the staff register, a plan's members): part of the full name or the email, in any
 * case, or three or more digits of the phone number, written with or without the 234 prefix.
 */
export function personSearchSql(
	person: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn; phone: AnyColumn },
	q: string | undefined,
): SQL | undefined {
	if (!q) return undefined
	const like = containsPattern(q.toLowerCase())
	const digits = q.replace(/\D/g, '')
	return or(
		sql`lower(${person.firstName} || ' ' || ${person.lastName}) like ${like}`,
		sql`lower(${person.email}) like ${like}`,
		digits.length >= 3 ? sql`${person.phone} like ${`%${digits.replace(/^234/, '0')}%`}` : undefined,
	)
}

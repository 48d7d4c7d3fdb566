/**
 * A LIKE pattern matching text that contains `text`, its own `%`, `_` and backslash taken literally (Postgres's
 * default escape character is the backslash): what a search box's words become in a query.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

import { filteredHref } from '#app/lib/query.ts'

type Filters = { q?: string; status?: string; sort?: string }

/**
 * A staff list's address (`filteredHref`): the filters set, then where the page starts (`cursor`) and its
 * first row's number (`from`). An empty path keeps the page's own path.
 */
export const employeesHref = (path: string, filters: Filters, page?: { cursor: string; from: number }) =>
	filteredHref(path, page ? { ...filters, cursor: page.cursor, from: String(page.from) } : filters)

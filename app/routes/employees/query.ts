type Filters = { q?: string; status?: string; sort?: string }

/** The query of a filtered view: the filters set, then where the page starts (`cursor`) and its first row's number (`from`). */
export function employeesQuery(filters: Filters, page?: { cursor: string; from: number }) {
	const search = new URLSearchParams()
	for (const [k, v] of Object.entries(filters)) if (v) search.set(k, v)
	if (page) {
		search.set('cursor', page.cursor)
		search.set('from', String(page.from))
	}
	return search.toString()
}

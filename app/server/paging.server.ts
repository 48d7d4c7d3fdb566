import { ApiCallError } from './api.server.ts'

type Page<T> = { data: { items: T[]; page: number; page_size: number; total: number } }

/**
 * One page of a filtered list for the filters in the URL. Filters the API refuses (a date that is not
 * one, a start after the end, a page that is not a number) come back as messages beside them and a 400.
 */
export async function loadFilteredPage<F extends Record<string, string>, T>(
	filters: F,
	params: URLSearchParams,
	pageSize: number,
	fetchPage: (query: F & { page?: number; page_size: number }) => Promise<Page<T>>,
) {
	const page = params.get('page')
	try {
		const { data } = await fetchPage({ ...filters, page: page ? Number(page) : undefined, page_size: pageSize })
		return {
			status: 200,
			view: {
				filters,
				items: data.items,
				page: data.page,
				pageCount: Math.max(1, Math.ceil(data.total / data.page_size)),
				total: data.total,
				errors: {} as Record<string, string>,
			},
		}
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.status !== 400) throw error
		const errors: Record<string, string> = {}
		for (const e of error.fieldErrors) errors[e.path] ??= e.message
		if (!error.fieldErrors.length) errors[''] = error.message
		return { status: 400, view: { filters, items: [] as T[], page: 1, pageCount: 1, total: 0, errors } }
	}
}

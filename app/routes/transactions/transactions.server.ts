import { ApiCallError } from '#app/server/api.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'

export const TRANSACTIONS_PAGE_SIZE = 20

/** The filters as the URL holds them; the API checks them and answers 400 with a message for each. */
export function filtersFrom(params: URLSearchParams) {
	return {
		type: params.get('type') ?? '',
		status: params.get('status') ?? '',
		from: params.get('from') ?? '',
		to: params.get('to') ?? '',
	}
}

/**
 * One page of the history for the filters in the URL. Filters the API refuses (a date that is not
 * one, a start after the end, an unknown status) come back as messages beside them and a 400.
 */
export async function loadTransactions(api: InsurerCalls, params: URLSearchParams) {
	const filters = filtersFrom(params)
	const page = params.get('page')
	try {
		const { data } = await api.getTransactions({
			...filters,
			page: page ? Number(page) : undefined,
			page_size: TRANSACTIONS_PAGE_SIZE,
		})
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
		return { status: 400, view: { filters, items: [], page: 1, pageCount: 1, total: 0, errors } }
	}
}

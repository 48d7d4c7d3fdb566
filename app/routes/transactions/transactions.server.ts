import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { loadFilteredPage } from '#app/server/paging.server.ts'

export { TRANSACTIONS_COUNT_CAP } from '#api/contract/transactions.ts'

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

/** One page of the history for the filters in the URL. */
export function loadTransactions(api: InsurerCalls, params: URLSearchParams) {
	return loadFilteredPage(filtersFrom(params), params, TRANSACTIONS_PAGE_SIZE, api.getTransactions)
}

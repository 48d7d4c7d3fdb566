import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { loadFilteredPage } from '#app/server/paging.server.ts'

export { INVOICES_COUNT_CAP } from '#api/contract/invoices.ts'

export const INVOICES_PAGE_SIZE = 20

/** The filters as the URL holds them; the API checks them and answers 400 with a message for each. */
export function filtersFrom(params: URLSearchParams) {
	return { status: params.get('status') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' }
}

const NO_TOTALS = { billed: 0, paid: 0, outstanding: 0 }

/** One page of the invoices for the filters in the URL, and the totals of every invoice they match. */
export async function loadInvoices(api: InsurerCalls, params: URLSearchParams) {
	let totals = NO_TOTALS
	const { view, status } = await loadFilteredPage(filtersFrom(params), params, INVOICES_PAGE_SIZE, async (query) => {
		const answer = await api.getInvoices(query)
		totals = answer.data.totals
		return answer
	})
	return { view: { ...view, totals }, status }
}

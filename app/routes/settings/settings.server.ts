import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { loadFilteredPage } from '#app/server/paging.server.ts'

const ACTIVITY_PAGE_SIZE = 20

/** One page of the activity log for the filters in the URL. */
export function loadActivity(api: InsurerCalls, params: URLSearchParams) {
	const filters = { type: params.get('type') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' }
	return loadFilteredPage(filters, params, ACTIVITY_PAGE_SIZE, api.getActivities)
}

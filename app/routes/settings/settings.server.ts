import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { loadFilteredPage } from '#app/server/paging.server.ts'
import { ACTIVITIES_COUNT_CAP } from '#api/contract/activities.ts'

const ACTIVITY_PAGE_SIZE = 20

/** One page of the activity log for the filters in the URL; `capped` when the API counted no further (decision 123). */
export async function loadActivity(api: InsurerCalls, params: URLSearchParams) {
	const filters = { type: params.get('type') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' }
	const { view, status } = await loadFilteredPage(filters, params, ACTIVITY_PAGE_SIZE, api.getActivities)
	return { view: { ...view, capped: view.total > ACTIVITIES_COUNT_CAP ? ACTIVITIES_COUNT_CAP : null }, status }
}

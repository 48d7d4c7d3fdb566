import { ApiCallError } from '#app/server/api.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'

const ACTIVITY_PAGE_SIZE = 20

/**
 * One page of the activity log for the filters in the URL. Filters the API refuses (a date that is not
 * one, a start after the end, a page that is not a number) come back as messages and a 400.
 */
export async function loadActivity(api: InsurerCalls, params: URLSearchParams) {
	const filters = { type: params.get('type') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' }
	const page = params.get('page')
	try {
		const { data } = await api.getActivities({
			...filters,
			page: page ? Number(page) : undefined,
			page_size: ACTIVITY_PAGE_SIZE,
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

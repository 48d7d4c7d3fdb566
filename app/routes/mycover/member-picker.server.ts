import { readPage } from '#app/lib/query.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { MAX_CHOSEN } from './member-picker.tsx'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A member's or plan's id as the address or a form carries it; anything else is not asked of the API. */
export const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value)

/**
 * The members chosen so far, from the address or a form: ids only, each once, the first `cap` (a picker's
 * MAX_CHOSEN; a confirmed preview sends every member it listed, and the API holds its own limit).
 */
export function readChosen(params: URLSearchParams | FormData, cap = MAX_CHOSEN) {
	const ids = [...new Set(params.getAll('member').filter(isId))]
	return { chosen: ids.slice(0, cap), overChosen: ids.length > cap }
}

/** The page of the plan's members a picker shows, searched and paged as the address asks, with what is chosen. */
export async function loadPicker(api: InsurerCalls, policyId: string, url: URL) {
	const q = url.searchParams.get('q')?.trim().slice(0, 100) ?? ''
	const list = (await api.getPlanMembers(policyId, { q: q || undefined, page: readPage(url.searchParams) })).data
	return { list, q, ...readChosen(url.searchParams) }
}

export type Picker = Awaited<ReturnType<typeof loadPicker>>

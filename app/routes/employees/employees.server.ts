import { z } from 'zod'
import { Email, Name } from '#api/contract/common.ts'
import { Phone } from '#api/contract/phone.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import type { EmployeeFilters, InsurerCalls } from '#app/server/insurer.server.ts'

export const EMPLOYEES_PAGE_SIZE = 20

/** A person's details, as the add, edit and custodian forms take them. */
export const PersonSchema = z.object({
	first_name: Name('the first name'),
	last_name: Name('the last name'),
	email: Email,
	phone: Phone,
	gender: z.enum(['male', 'female'], { message: 'Choose male or female.' }),
	date_of_birth: z.iso.date({ message: 'Enter the date of birth like 1990-05-17.' }).optional(),
})

export function employeeFilters(params: URLSearchParams): Required<EmployeeFilters> {
	return { q: params.get('q') ?? '', status: params.get('status') ?? '', sort: params.get('sort') ?? '' }
}

/** One keyset page of the register; filters the API refuses come back as messages beside them and a 400. */
export async function loadEmployees(api: InsurerCalls, params: URLSearchParams) {
	const filters = employeeFilters(params)
	const cursor = params.get('cursor') ?? undefined
	const from = Math.max(1, Number(params.get('from')) || 1)
	try {
		const { data } = await api.getEmployees({
			q: filters.q || undefined,
			status: filters.status || undefined,
			sort: filters.sort || undefined,
			cursor,
			page_size: EMPLOYEES_PAGE_SIZE,
		})
		return { status: 200, view: { filters, from, ...data, errors: {} as Record<string, string> } }
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.status !== 400) throw error
		const errors: Record<string, string> = {}
		for (const e of error.fieldErrors) errors[e.path] ??= e.message
		if (!error.fieldErrors.length) errors[''] = error.message
		return { status: 400, view: { filters, from, items: [], next_cursor: null, total: 0, leaving: null, errors } }
	}
}

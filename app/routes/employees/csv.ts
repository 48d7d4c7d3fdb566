import { requireBusinessPermission } from '#app/server/auth.server.ts'
import { passOnFile } from '#app/server/files.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/csv'
import { employeeFilters } from './employees.server.ts'

/** The register's 'Export CSV': the API's file for the same search and filters, named after the day. */
export async function loader(args: Route.LoaderArgs) {
	await requireBusinessPermission(args, 'employees.view')
	const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' })
	const filters = Object.fromEntries(Object.entries(employeeFilters(new URL(args.request.url).searchParams)).filter(([, v]) => v))
	return passOnFile(() => apiFrom(args.context).downloadEmployeesCsv(filters), {
		filename: `staff-${day}.csv`,
		rename: true,
		badRequest: 400,
	})
}

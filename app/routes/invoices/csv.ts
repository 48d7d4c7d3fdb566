import { requireBusinessPermission } from '#app/server/auth.server.ts'
import { passOnFile } from '#app/server/files.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/csv'
import { filtersFrom } from './invoices.server.ts'

/** The invoices' 'Export CSV': the API's file for the same filters, as a download named after the day. */
export async function loader(args: Route.LoaderArgs) {
	await requireBusinessPermission(args, 'invoices.view')
	const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' })
	return passOnFile(() => apiFrom(args.context).downloadInvoicesCsv(filtersFrom(new URL(args.request.url).searchParams)), {
		filename: `invoices-${day}.csv`,
		rename: true,
		badRequest: 400,
	})
}

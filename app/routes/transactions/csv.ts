import { requirePermission } from '#app/server/auth.server.ts'
import { passOnFile } from '#app/server/files.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/csv'
import { filtersFrom } from './transactions.server.ts'

/**
 * The history's 'Export CSV': the API's file for the same filters, streamed on as a download named
 * after the day it was made. Filters the API refuses answer 400 with its message.
 */
export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'transactions.view')
	const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' })
	return passOnFile(() => apiFrom(args.context).downloadTransactionsCsv(filtersFrom(new URL(args.request.url).searchParams)), {
		filename: `transactions-${day}.csv`,
		rename: true,
		badRequest: 400,
	})
}

import { ApiCallError } from '#app/server/api.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/insurer.server.ts'
import type { Route } from './+types/csv'
import { filtersFrom } from './transactions.server.ts'

/**
 * The history's 'Export CSV': the API's file for the same filters, streamed on as a download named
 * after the day it was made. Filters the API refuses answer 400 with its message.
 */
export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'transactions.view')
	let file: Response
	try {
		file = await apiFrom(args.context).downloadTransactionsCsv(filtersFrom(new URL(args.request.url).searchParams))
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.logout || error.status !== 400) throw error
		return new Response(`${error.message}\n`, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	}
	const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' })
	return new Response(file.body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="transactions-${day}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}

import { Id } from '#api/contract/common.ts'
import { passOnFile } from '#app/server/files.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/receipt-pdf'

/** The receipt page's 'Download PDF': the API's receipt, passed on as a download. */
export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'transactions.view')
	const id = Id.safeParse(args.params.transactionId)
	if (!id.success)
		return new Response('We could not find that transaction.\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	return passOnFile(() => apiFrom(args.context).downloadReceipt(id.data), { filename: 'receipt.pdf' })
}

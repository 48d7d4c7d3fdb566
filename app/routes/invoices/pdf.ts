import { Id } from '#api/contract/common.ts'
import { requireBusinessPermission } from '#app/server/auth.server.ts'
import { passOnFile } from '#app/server/files.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/pdf'

/** The invoice page's 'Download PDF': the API's PDF, passed on as a download. */
export async function loader(args: Route.LoaderArgs) {
	await requireBusinessPermission(args, 'invoices.view')
	const id = Id.safeParse(args.params.invoiceId)
	if (!id.success)
		return new Response('We could not find that invoice.\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	return passOnFile(() => apiFrom(args.context).downloadInvoicePdf(id.data), { filename: 'invoice.pdf' })
}

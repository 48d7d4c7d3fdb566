import { requirePermission } from '#app/server/auth.server.ts'
import { passOnFile } from '#app/server/files.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/document'

/** An uploaded activation document, to its own business only (the API decides: decision 014). */
export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'plans.view')
	return passOnFile(() => apiFrom(args.context).downloadDocument(args.params.documentId), { filename: 'document' })
}

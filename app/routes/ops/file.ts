import { passOnFile } from '#app/server/files.server.ts'
import { requireOperator } from '#app/server/desk.server.ts'
import type { Route } from './+types/file'

/** A claim's photo or document, for the desk's review. */
export async function loader(args: Route.LoaderArgs) {
	const { api } = await requireOperator(args)
	return passOnFile(() => api.downloadDeskFile(args.params.claimId, args.params.fileId), { filename: 'file' })
}

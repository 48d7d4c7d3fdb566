import { requireOperator } from '#app/server/desk.server.ts'
import { passOnFile } from '#app/server/files.server.ts'
import type { Route } from './+types/inspection-photo'

/** A photo of any pre-inspection, for the desk's review. */
export async function loader(args: Route.LoaderArgs) {
	const { api } = await requireOperator(args)
	return passOnFile(() => api.downloadDeskInspectionPhoto(args.params.inspectionId, args.params.photoId), { filename: 'photo' })
}

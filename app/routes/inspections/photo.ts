import { requirePermission } from '#app/server/auth.server.ts'
import { passOnFile } from '#app/server/files.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/photo'

/** A photo of the business's own pre-inspection (its <img> on the page; the API checks the business). */
export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'plans.view')
	const api = apiFrom(args.context)
	return passOnFile(
		async () => {
			const { data: inspection } = await api.getPolicyInspection(args.params.policyId)
			return api.downloadInspectionPhoto(inspection.id, args.params.photoId)
		},
		{ filename: 'photo' },
	)
}

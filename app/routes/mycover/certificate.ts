import { requirePermission } from '#app/server/auth.server.ts'
import { passOnFile } from '#app/server/files.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/certificate'

/** 'Download certificate': the API's PDF, passed on as a download. */
export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'plans.view')
	return passOnFile(() => apiFrom(args.context).downloadCertificate(args.params.planId), { filename: 'certificate.pdf' })
}

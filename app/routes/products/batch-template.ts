import { passOnFile } from '#app/server/files.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { authorizePurchase } from '#app/server/purchase.server.ts'
import type { Route } from './+types/batch-template'

/** 'Download the template': the API's CSV of the staff list's columns and two example rows. */
export async function loader(args: Route.LoaderArgs) {
	await authorizePurchase(args)
	return passOnFile(() => apiFrom(args.context).downloadBatchTemplate(), { filename: 'staff-list-template.csv' })
}

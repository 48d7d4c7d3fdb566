import { requireBusinessPermission } from '#app/server/auth.server.ts'
import { passOnFile } from '#app/server/files.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/template'

/** The staff list template, the same columns batch upload reads. */
export async function loader(args: Route.LoaderArgs) {
	await requireBusinessPermission(args, 'employees.manage')
	return passOnFile(() => apiFrom(args.context).downloadBatchTemplate(), { filename: 'staff-list-template.csv' })
}

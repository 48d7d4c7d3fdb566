import { requirePermission } from '#app/server/auth.server.ts'
import { passOnFile } from '#app/server/files.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/staff-sheet'

/** 'Download the staff sheet': the plan's staff with the dates of birth known, as the API writes it. */
export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'plans.view')
	return passOnFile(() => apiFrom(args.context).downloadStaffSheet(args.params.planId), { filename: 'staff-sheet.csv' })
}

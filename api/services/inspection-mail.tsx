import { eq } from 'drizzle-orm'
import { INSPECTION_REJECT_REASONS, type InspectionRejectReason } from '../contract/inspections.ts'
import { type inspections, policies, users } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { logger } from '../telemetry/logger.ts'
import { sendTemplate } from '../mail/render.ts'
import { InspectionStatusMail } from '../mail/templates/inspection-status.tsx'

type InspectionRow = typeof inspections.$inferSelect

/**
 * Tell whoever started a pre-inspection what the desk decided (an approval that starts cover sends the
 * certificate instead: mailCoverActive). Sent after the decision committed; a mail that cannot be sent
 * is logged, never a failure of the decision, which has happened.
 */
export async function notifyInspection(deps: Deps, row: InspectionRow) {
	try {
		if (!row.startedBy || (row.status !== 'approved' && row.status !== 'rejected')) return
		const [to] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, row.startedBy))
		const [policy] = await deps.db.select({ number: policies.policyNumber }).from(policies).where(eq(policies.id, row.policyId))
		if (!to || !policy) return
		const reason = INSPECTION_REJECT_REASONS[row.rejectReason as InspectionRejectReason]
		const text =
			row.status === 'approved'
				? { status: 'Approved', message: 'our inspector approved the photos: the condition of the item is on record.' }
				: {
						status: 'Sent back',
						message: `our inspector could not accept the photos: ${reason ?? 'see the inspection for the reason'}.${row.deskNote ? ` ${row.deskNote}` : ''} Take the photos again and send them.`,
					}
		const { publicUrl } = deps.env
		await sendTemplate(
			deps,
			to.email,
			`Pre-inspection of ${policy.number}: ${text.status}`,
			<InspectionStatusMail
				publicUrl={publicUrl}
				firstName={to.firstName}
				policyNumber={policy.number}
				status={text.status}
				message={text.message}
				inspectionUrl={`${publicUrl}/pre-inspection/${row.policyId}`}
			/>,
		)
	} catch (error) {
		logger.error(`[mail] could not send the inspection mail: ${error instanceof Error ? error.message : String(error)}`)
	}
}

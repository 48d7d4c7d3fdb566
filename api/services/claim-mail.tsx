import { eq } from 'drizzle-orm'
import { formatNairaFull } from '../contract/money.ts'
import type { ClaimStatus } from '../contract/statuses.ts'
import { DECLINE_REASONS, type DeclineReason } from '../contract/claims.ts'
import { type claims, users } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { nextStep } from '../domain/claims.ts'
import { sendTemplate } from '../mail/render.ts'
import { ClaimStatusMail } from '../mail/templates/claim-status.tsx'

type ClaimRow = typeof claims.$inferSelect

/** Where an accepted offer goes, in the mail's words. */
const paidTo = (claim: ClaimRow) =>
	claim.payoutMethod === 'bank' && claim.payoutBank
		? `your account ${claim.payoutBank.account_number} at ${claim.payoutBank.bank_name}`
		: 'your wallet'

/** What the mail says of each status the desk or the customer moved a claim to. */
function statusText(claim: ClaimRow, payoutFailure?: string): { status: string; message: string } | null {
	const status: ClaimStatus = claim.status
	if (payoutFailure)
		return {
			status: 'Payment not received by the bank',
			message: `the bank did not accept our transfer of ${formatNairaFull(claim.offer?.payable ?? 0)} to ${paidTo(claim)} (${payoutFailure}). Nothing is lost: we still owe it, and we will pay it again. Check the account on the claim's page, or choose your wallet.`,
		}
	switch (status) {
		case 'pending':
			return claim.deskNote ? { status: 'More documents needed', message: `our claims desk needs more from you: ${claim.deskNote}` } : null
		case 'documented':
			return { status: 'Under review', message: 'we have your claim and its documents, and our claims desk is reviewing it.' }
		case 'approved':
			return { status: 'Approved', message: 'your claim is approved. We will send you an offer shortly.' }
		case 'declined':
			return {
				status: 'Declined',
				message: `we could not accept your claim: ${DECLINE_REASONS[claim.declineReason as DeclineReason] ?? 'see the claim for the reason'}.${claim.deskNote ? ` ${claim.deskNote}` : ''}`,
			}
		case 'offer_sent':
			return {
				status: 'Offer sent',
				message: `we offer ${formatNairaFull(claim.offer?.payable ?? 0)} for your claim, after the excess and any betterment. Accept or reject it on the claim's page.`,
			}
		case 'offer_accepted':
			return { status: 'Offer accepted', message: `you accepted our offer. We will pay it into ${paidTo(claim)} shortly.` }
		case 'offer_rejected':
			return { status: 'Offer rejected', message: 'you rejected our offer. Our claims desk will look at it again.' }
		case 'paid':
			return { status: 'Paid', message: `we paid ${formatNairaFull(claim.offer?.payable ?? 0)} into ${paidTo(claim)}.` }
		case 'settled':
			return { status: 'Settled', message: 'your claim is settled and closed.' }
		default:
			return null
	}
}

/**
 * Tell the customer who made the claim that its status changed, or that the bank refused its payout.
 * Sent after the change committed: a mail that cannot be sent is logged, never a failure of the
 * change, which has happened.
 */
export async function notifyClaim(deps: Deps, claim: ClaimRow, options: { payoutFailure?: string } = {}) {
	try {
		const text = statusText(claim, options.payoutFailure)
		if (!text || !claim.createdBy) return
		const [to] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, claim.createdBy))
		if (!to) return
		const { publicUrl } = deps.env
		await sendTemplate(
			deps,
			to.email,
			`Claim ${claim.claimNumber}: ${text.status}`,
			<ClaimStatusMail
				publicUrl={publicUrl}
				firstName={to.firstName}
				claimNumber={claim.claimNumber}
				status={text.status}
				message={text.message}
				nextStep={nextStep(claim.status, { inspection: false, estimate: false })}
				claimUrl={`${publicUrl}/claims/details-${claim.id}`}
			/>,
		)
	} catch (error) {
		console.error(`[mail] could not send the claim mail: ${error instanceof Error ? error.message : String(error)}`)
	}
}

import { eq, or } from 'drizzle-orm'
import { CallbackQuery, PaymentStatusResponse, VerifyPaymentBody, WebhookResponse } from '../contract/wallet.ts'
import { policies, purchases } from '../db/schema.ts'
import type { Deps } from '../deps.ts'
import { defineRoute } from '../http.ts'
import { ApiError } from '../errors.ts'
import { chargeOf, parseWebhookEvent, SIGNATURE_HEADER, transferOf } from '../payments/events.ts'
import { applyCharge, verifyPayment } from '../services/payments.ts'
import { applyClaimTransferOutcome } from '../services/claims.ts'
import { applyTransferOutcome } from '../services/withdrawals.ts'

/** The status of a payment by its reference, checked with the gateway until it is credited. */
async function paymentStatus(deps: Deps, reference: string) {
	const payment = await verifyPayment(deps, reference)
	const [policy] =
		payment.status === 'success' && payment.purchaseId
			? await deps.db
					.select({ id: policies.id, status: policies.status })
					.from(policies)
					.innerJoin(purchases, eq(purchases.id, payment.purchaseId))
					// A renewal's purchase renews a policy bought before (docs/decisions/091-renewals.md).
					.where(or(eq(policies.purchaseId, purchases.id), eq(policies.id, purchases.renewsPolicyId)))
			: []
	return {
		data: {
			status: payment.status,
			amount: payment.amount,
			purpose: payment.purpose,
			policy: policy ? { id: policy.id, is_pending: policy.status === 'pending' } : null,
			invoice_id: payment.invoiceId,
		},
	}
}

const TRANSFER_OUTCOMES = { 'transfer.success': 'success', 'transfer.failed': 'failed', 'transfer.reversed': 'reversed' } as const

export const paymentRoutes = [
	defineRoute({
		method: 'post',
		path: '/payments/verify',
		summary:
			"Check a payment with the gateway and credit the wallet if it succeeded (once). No token: the portal's callback page calls it when the payer returns from the checkout, before the session cookie is sent again. Answers only the status and the amount",
		tag: 'payments',
		auth: 'public',
		body: VerifyPaymentBody,
		response: PaymentStatusResponse,
		handler: ({ body, deps }) => paymentStatus(deps, body.reference),
	}),
	defineRoute({
		method: 'get',
		path: '/payments/callback',
		summary: 'The same as POST /payments/verify, for a gateway sending the payer straight to the API: ?reference=',
		tag: 'payments',
		auth: 'public',
		query: CallbackQuery,
		response: PaymentStatusResponse,
		handler: ({ query, deps }) => paymentStatus(deps, query.reference),
	}),
	defineRoute({
		method: 'post',
		path: '/payments/webhook',
		summary: `The gateway's events, signed in ${SIGNATURE_HEADER} (HMAC-SHA512 of the raw body): charge.success credits the wallet once; transfer.success, transfer.failed and transfer.reversed settle or reverse a withdrawal or a claim's bank payout`,
		tag: 'payments',
		auth: 'public',
		response: WebhookResponse,
		handler: async ({ deps, c }) => {
			const raw = await c.req.text()
			// Checked before anything is read or written: a forged event leaves no trace.
			if (!deps.payments.verifyWebhook(raw, c.req.header(SIGNATURE_HEADER))) throw new ApiError(401, 'The webhook signature is not valid.')
			const event = parseWebhookEvent(raw)
			if (event === 'malformed') throw new ApiError(400, 'The webhook body is not an event in the documented shape.')
			if (event?.event === 'charge.success') await applyCharge(deps, chargeOf(event.data))
			else if (event) {
				// A transfer is a withdrawal's or a claim payout's: each looks for its own reference.
				const transfer = { ...transferOf(event.data), status: TRANSFER_OUTCOMES[event.event] }
				await applyTransferOutcome(deps, transfer)
				await applyClaimTransferOutcome(deps, transfer)
			}
			return { data: { received: true as const } }
		},
	}),
]

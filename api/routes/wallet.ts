import { formatNairaFull } from '../contract/money.ts'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { AMOUNT_MIN, FundBody, FundResponse, WalletResponse } from '../contract/wallet.ts'
import { cards, withdrawals } from '../db/schema.ts'
import { OPEN_WITHDRAWAL_STATUSES } from '../domain/withdrawals.ts'
import { defineRoute } from '../http.ts'
import { walletBalance } from '../services/ledger.ts'
import { checkoutUrl, serializeCard, startFunding } from '../services/payments.ts'

export const walletRoutes = [
	defineRoute({
		method: 'get',
		path: '/wallet',
		summary: "The business's wallet: balance, withdrawals still under way, the default card and the limits",
		tag: 'wallet',
		auth: 'user',
		permission: 'wallet.view',
		response: WalletResponse,
		handler: async ({ auth, deps }) => {
			const [balance, [pending], [card]] = await Promise.all([
				walletBalance(deps.db, auth.customerId),
				deps.db
					.select({ count: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${withdrawals.amount}), 0)::bigint` })
					.from(withdrawals)
					.where(and(eq(withdrawals.customerId, auth.customerId), inArray(withdrawals.status, [...OPEN_WITHDRAWAL_STATUSES]))),
				deps.db
					.select()
					.from(cards)
					.where(and(eq(cards.customerId, auth.customerId), eq(cards.isDefault, true))),
			])
			return {
				data: {
					balance,
					currency: 'NGN' as const,
					pending_withdrawals: { count: pending!.count, amount: Number(pending!.amount) },
					default_card: card ? serializeCard(card) : null,
					limits: {
						amount_min: AMOUNT_MIN,
						fund_max: deps.env.walletFundMax,
						withdrawal_approval_threshold: deps.env.withdrawalApprovalThreshold,
					},
				},
			}
		},
	}),
	defineRoute({
		method: 'post',
		path: '/wallet/fund',
		summary:
			'Start funding the wallet: answers the checkout to send the payer to. The wallet is credited when the gateway confirms the payment (callback or webhook), once; the same idempotency_key answers the same payment',
		tag: 'wallet',
		auth: 'user',
		permission: 'wallet.fund',
		verified: true,
		body: FundBody,
		response: FundResponse,
		status: 201,
		handler: async ({ body, auth, deps }) => {
			const payment = await startFunding(deps, auth, { amount: body.amount, idempotencyKey: body.idempotency_key })
			return {
				data: { reference: payment.reference, authorization_url: checkoutUrl(payment), amount: payment.amount },
				message: `Pay ${formatNairaFull(payment.amount)} on the checkout page to fund your wallet.`,
			}
		},
	}),
]

import { formatNairaFull } from '../contract/money.ts'
import { PLAN_BILLING } from '../contract/invoices.ts'
import { PurchaseResult } from '../contract/purchases.ts'
import { PurchaseBody } from '../domain/catalogue/quotes.ts'
import { defineRoute } from '../http.ts'
import { buy, purchaseProperties, serializePurchase } from '../services/purchases.ts'
import { findPolicy, serializePolicy } from '../services/policies.ts'
import { checkoutUrl } from '../services/payments.ts'

export const purchaseRoutes = [
	defineRoute({
		method: 'post',
		path: '/purchases',
		summary:
			"Buy a product: its quote fields, payment_option (wallet or gateway, the default) and an idempotency_key. The price is computed here. From the wallet, the policy is issued at once; through the gateway, the answer holds the checkout and the policy is issued when the payment is confirmed. A business's standard health plan is a subscription: nothing is charged now. The same key buys once",
		tag: 'purchases',
		auth: 'user',
		permission: 'products.buy',
		verified: true,
		body: PurchaseBody,
		response: PurchaseResult,
		status: 201,
		handler: async ({ body, auth, deps }) => {
			const { purchase, policy, payment } = await buy(deps, auth, body)
			deps.analytics?.track(auth.customerId, 'cover purchased', purchaseProperties(purchase, body.quote))
			const custodian = policy ? (await findPolicy(deps.db, auth.customerId, policy.id)).custodian : null
			const message =
				purchase.status === 'subscribed'
					? `Your staff plan ${policy!.policyNumber} is set up: it starts when you activate it with your staff's dates of birth. ${PLAN_BILLING.first}`
					: purchase.status === 'paid'
						? `Paid ${formatNairaFull(purchase.amount)}. Your policy number is ${policy!.policyNumber}.`
						: `Pay ${formatNairaFull(purchase.amount)} on the checkout page to get your policy.`
			return {
				data: {
					purchase: serializePurchase(purchase),
					policy: policy ? serializePolicy(policy, custodian, deps.now()) : null,
					payment: payment ? { reference: payment.reference, authorization_url: checkoutUrl(payment) } : null,
				},
				message,
			}
		},
	}),
]

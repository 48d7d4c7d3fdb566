import { redirect, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { PaymentOutcome } from '#app/components/payment-outcome.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { callbackHeaders, paymentFromCallback } from '#app/server/payment-callback.server.ts'
import type { Route } from './+types/callback'

export const meta: Route.MetaFunction = () => [{ title: 'Your purchase · Cover Portal' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = () => callbackHeaders

/**
 * Where the gateway sends a buyer back (decision 014): no session needed. Asking the API about the
 * payment issues the policy once it is paid, however often the page is loaded.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const payment = await paymentFromCallback(request, apiFrom(context))
	if (payment.purpose === 'funding') throw redirect(`/fund-wallet/callback${new URL(request.url).search}`)
	return { status: payment.status, amount: payment.amount, policy: payment.policy }
}

const OUTCOMES = {
	success: {
		title: 'Payment received',
		text: (amount: string) => `You paid ${amount}. Your policy is ready in My cover; it may need a few details to start.`,
	},
	failed: {
		title: 'Payment declined',
		text: (amount: string) => `The payment of ${amount} did not go through. You were not charged and no cover was bought.`,
	},
	pending: {
		title: 'Waiting for your payment',
		text: (amount: string) =>
			`We have not yet heard from the bank about your payment of ${amount}. Reload this page in a minute to check again.`,
	},
} as const

export default function PurchaseCallback() {
	const { status, amount, policy } = useLoaderData<typeof loader>()
	const outcome = OUTCOMES[status]
	return (
		<PaymentOutcome status={status} title={outcome.title} text={outcome.text(formatNairaFull(amount))}>
			{policy ? (
				<Link to={policy.is_pending ? `/mycover/${policy.id}/activate` : `/mycover/${policy.id}`} className={buttonClass('primary')}>
					{policy.is_pending ? 'Activate your cover' : 'See your policy'}
				</Link>
			) : null}
			<Link to="/mycover" className={buttonClass(policy ? 'secondary' : 'primary')}>
				Go to My cover
			</Link>
			{status === 'failed' ? (
				<Link to="/products" className={buttonClass('secondary')}>
					Choose cover again
				</Link>
			) : null}
		</PaymentOutcome>
	)
}

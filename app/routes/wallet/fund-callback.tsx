import { redirect, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { PaymentOutcome } from '#app/components/payment-outcome.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { callbackHeaders, paymentFromCallback } from '#app/server/payment-callback.server.ts'
import type { Route } from './+types/fund-callback'

export const meta: Route.MetaFunction = () => [{ title: 'Your payment · Cover Portal' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = () => callbackHeaders

/** Where the gateway sends a wallet funding's payer back (decision 012): no session needed. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const payment = await paymentFromCallback(request, apiFrom(context))
	if (payment.purpose === 'purchase') throw redirect(`/purchase/callback${new URL(request.url).search}`)
	return { status: payment.status, amount: payment.amount }
}

const OUTCOMES = {
	success: { title: 'Payment received', text: (amount: string) => `Your wallet was funded with ${amount}.` },
	failed: {
		title: 'Payment declined',
		text: (amount: string) => `The payment of ${amount} did not go through. Nothing was added to your wallet.`,
	},
	pending: {
		title: 'Waiting for your payment',
		text: (amount: string) =>
			`We have not yet heard from the bank about your payment of ${amount}. Reload this page in a minute to check again.`,
	},
} as const

export default function FundCallback() {
	const { status, amount } = useLoaderData<typeof loader>()
	const outcome = OUTCOMES[status]
	return (
		<PaymentOutcome status={status} title={outcome.title} text={outcome.text(formatNairaFull(amount))}>
			<Link to="/wallet" className={buttonClass('primary')}>
				Go to your wallet
			</Link>
			{status === 'failed' ? (
				<Link to="/fund-wallet" className={buttonClass('secondary')}>
					Try again
				</Link>
			) : null}
		</PaymentOutcome>
	)
}

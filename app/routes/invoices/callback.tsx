import { redirect, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { PaymentOutcome } from '#app/components/payment-outcome.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { callbackHeaders, paymentFromCallback } from '#app/server/payment-callback.server.ts'
import type { Route } from './+types/callback'

export const meta: Route.MetaFunction = () => [{ title: 'Your invoice payment · Cover Portal' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = () => callbackHeaders

/** Where the gateway sends the payer of an invoice back: no session needed; asking the API settles it once. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const payment = await paymentFromCallback(request, apiFrom(context))
	if (payment.purpose !== 'invoice') throw redirect(`/purchase/callback${new URL(request.url).search}`)
	return { status: payment.status, amount: payment.amount, invoiceId: payment.invoice_id }
}

const OUTCOMES = {
	success: { title: 'Invoice paid', text: (amount: string) => `You paid ${amount}. Thank you.` },
	failed: { title: 'Payment declined', text: (amount: string) => `The payment of ${amount} did not go through. You were not charged.` },
	pending: {
		title: 'Waiting for your payment',
		text: (amount: string) => `We have not yet heard from the bank about your payment of ${amount}. Reload this page in a minute.`,
	},
} as const

export default function InvoiceCallback() {
	const { status, amount, invoiceId } = useLoaderData<typeof loader>()
	const outcome = OUTCOMES[status]
	return (
		<PaymentOutcome status={status} title={outcome.title} text={outcome.text(formatNairaFull(amount))}>
			<Link to={invoiceId ? `/invoice/${invoiceId}` : '/invoice'} className={buttonClass('primary')}>
				See the invoice
			</Link>
		</PaymentOutcome>
	)
}

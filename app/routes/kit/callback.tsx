import { data, useLoaderData } from 'react-router'
import { PaymentOutcome } from '#app/components/payment-outcome.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/callback'
import { KitProblem, kitHeaders } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Your payment · Cover kit' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = kitHeaders

/**
 * Where the gateway sends a kit's payer back, in the window the checkout opened in. Asking for the
 * session asks the gateway about the payment, so the kit's own window finds the purchase paid.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	try {
		const session = (await apiFrom(context).getKitSession(params.sessionId)).data
		const payment = session.purchase?.payment
		const status = session.status === 'completed' ? 'success' : payment?.status === 'failed' ? 'failed' : 'pending'
		return data({ problem: null, status, amount: session.purchase?.amount ?? 0, partner: session.partner } as const, {
			headers: { 'X-Kit-Frame-Ancestors': session.origin, 'Cache-Control': 'no-store' },
		})
	} catch (error) {
		if (!(error instanceof ApiCallError) || error.status >= 500) throw error
		return data({ problem: error.message, status: null, amount: 0, partner: '' }, { status: error.status })
	}
}

const TEXT = {
	success: (amount: string, partner: string) => `You paid ${amount}. Close this window and go back to ${partner} to see your policy.`,
	failed: (amount: string) => `The payment of ${amount} did not go through. You were not charged. Close this window and try again.`,
	pending: (amount: string) => `We have not yet heard from the bank about your payment of ${amount}. Reload this page in a minute.`,
} as const

export default function KitCallback() {
	const { problem, status, amount, partner } = useLoaderData<typeof loader>()
	if (problem || !status) return <KitProblem message={problem ?? ''} />
	const title = status === 'success' ? 'Payment received' : status === 'failed' ? 'Payment declined' : 'Waiting for your payment'
	return (
		<PaymentOutcome status={status} title={title} text={TEXT[status](formatNairaFull(amount), partner)}>
			{null}
		</PaymentOutcome>
	)
}

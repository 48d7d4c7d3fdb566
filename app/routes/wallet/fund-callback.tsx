import { Link, data, useLoaderData } from 'react-router'
import { buttonClass } from '#app/components/ui/form.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { apiFrom } from '#app/server/insurer.server.ts'
import type { Route } from './+types/fund-callback'

const NOT_FOUND = 'We could not find that payment.'

export const meta: Route.MetaFunction = () => [{ title: 'Your payment · Cover Portal' }, { name: 'robots', content: 'noindex' }]

// The reference in the address is all it takes to ask about a payment: keep it out of other sites' logs
// and out of shared caches.
export const headers: Route.HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'private, no-store' })

/**
 * Where the gateway sends the payer back. A SameSite=Strict session cookie is not sent on that
 * cross-site return, so this page needs no session: it asks the API about the payment by its
 * reference, which credits the wallet if the gateway says it was paid (once, however often it is asked).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const reference = new URL(request.url).searchParams.get('reference')?.trim()
	if (!reference) throw data(NOT_FOUND, { status: 404 })
	try {
		const { data: payment } = await apiFrom(context).verifyPayment(reference)
		return { status: payment.status, amount: payment.amount }
	} catch (error) {
		if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) throw data(NOT_FOUND, { status: 404 })
		throw error
	}
}

const OUTCOMES = {
	success: {
		title: 'Payment received',
		tone: 'border-emerald-200 bg-emerald-50 text-emerald-900',
		text: (amount: string) => `Your wallet was funded with ${amount}.`,
	},
	failed: {
		title: 'Payment declined',
		tone: 'border-red-200 bg-red-50 text-red-900',
		text: (amount: string) => `The payment of ${amount} did not go through. Nothing was added to your wallet.`,
	},
	pending: {
		title: 'Waiting for your payment',
		tone: 'border-amber-200 bg-amber-50 text-amber-900',
		text: (amount: string) =>
			`We have not yet heard from the bank about your payment of ${amount}. Reload this page in a minute to check again.`,
	},
} as const

export default function FundCallback() {
	const { status, amount } = useLoaderData<typeof loader>()
	const outcome = OUTCOMES[status]
	return (
		<div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
			<h1 className="text-2xl font-bold">{outcome.title}</h1>
			<p role="status" className={`mt-4 rounded-md border px-3 py-2 ${outcome.tone}`}>
				{outcome.text(formatNairaFull(amount))}
			</p>
			<div className="mt-6 flex flex-wrap gap-3">
				<Link to="/wallet" className={buttonClass('primary')}>
					Go to your wallet
				</Link>
				{status === 'failed' ? (
					<Link to="/fund-wallet" className={buttonClass('secondary')}>
						Try again
					</Link>
				) : null}
			</div>
		</div>
	)
}

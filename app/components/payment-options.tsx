import type { getInputProps } from '@conform-to/react'
import { formatNairaFull } from '#app/lib/money.ts'

/**
 * How to pay for cover: the wallet when its balance covers the price, otherwise the gateway, the
 * spec's default (docs/decisions/017-register-and-buy.md). A wallet short of the price, or one the
 * role may not see, cannot be chosen; the API checks the balance again.
 */
export function PaymentOptions({
	meta,
	total,
	balance,
}: {
	meta: Parameters<typeof getInputProps>[0]
	total: number
	balance: number | null
}) {
	const covers = balance !== null && balance >= total
	const asked = meta.initialValue === 'wallet' && covers ? 'wallet' : meta.initialValue === 'gateway' ? 'gateway' : null
	const chosen = asked ?? (covers ? 'wallet' : 'gateway')
	return (
		<fieldset aria-describedby={meta.errors ? meta.errorId : undefined}>
			<legend className="mb-2 text-sm font-medium text-slate-800">Pay with</legend>
			<div className="space-y-2">
				<label className="flex items-start gap-2 text-sm has-[:disabled]:text-slate-600">
					<input type="radio" name={meta.name} value="wallet" defaultChecked={chosen === 'wallet'} disabled={!covers} className="mt-1" />
					<span>
						Wallet
						<span className="block text-slate-600">
							{balance === null
								? 'Your role cannot see the wallet balance.'
								: covers
									? `Balance ${formatNairaFull(balance)}: enough for this cover.`
									: `Balance ${formatNairaFull(balance)}: not enough for this cover.`}
						</span>
					</span>
				</label>
				<label className="flex items-start gap-2 text-sm">
					<input type="radio" name={meta.name} value="gateway" defaultChecked={chosen === 'gateway'} className="mt-1" />
					<span>
						Card or bank transfer
						<span className="block text-slate-600">On our payment gateway's secure page; you come back here after.</span>
					</span>
				</label>
			</div>
			{meta.errors ? (
				<p id={meta.errorId} className="mt-1 text-sm text-red-700">
					{meta.errors.join(' ')}
				</p>
			) : null}
		</fieldset>
	)
}

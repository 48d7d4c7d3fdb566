import { Form } from 'react-router'
import type { Claim, PayoutBank } from '#api/contract/claims.ts'
import { Select, SubmitButton, TextInput } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { InlineError } from './parts.tsx'

// Where an accepted offer is paid, and how its bank transfer stands (docs/decisions/108-claim-bank-payouts.md).
// The account is checked first and its name, as the bank gives it, confirmed by a second form, so it
// works without JavaScript.

export type PayoutActionData = {
	intent: string
	error?: string
	resolved?: PayoutBank
	values?: { bank_code: string; account_number: string }
}

const accountWords = (b: PayoutBank) => `${b.account_name}, ${b.bank_name} ${b.account_number}`

/** Where the offer goes, as the offer's panel says it. */
export function paidToWords(payout: Claim['payout']) {
	return payout.method === 'bank' && payout.bank
		? `Your bank account: ${accountWords(payout.bank)}`
		: 'Your wallet, from which you can withdraw to your bank account'
}

/** The state of the bank transfer, in words that say no more than the bank has (decision 044). */
export function PayoutState({ claim }: { claim: Claim }) {
	const { payout } = claim
	const amount = formatNairaFull(claim.offer?.payable ?? 0)
	if (payout.method !== 'bank' || !payout.bank || !payout.status) return null
	if (payout.status === 'processing')
		return (
			<p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
				{amount} is with the bank, on its way to {accountWords(payout.bank)}. Banks usually confirm within minutes. If the bank declines it,
				nothing is lost: we still owe it and pay it again.
			</p>
		)
	if (payout.status === 'succeeded')
		return (
			<p className="mt-3 text-sm" role="status">
				Paid into your bank account: {accountWords(payout.bank)}.
			</p>
		)
	return (
		<p className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" role="status">
			The bank {payout.status === 'reversed' ? 'sent back' : 'did not accept'} our transfer of {amount} to {accountWords(payout.bank)}
			{payout.failure_reason ? ` (${payout.failure_reason})` : ''}. Nothing is lost: we still owe it. Check the account below, or choose
			your wallet, and we pay it again.
		</p>
	)
}

/** The claimant's choice: the wallet, or a bank account checked with the bank and confirmed by its name. */
export function PayoutChoice({
	claim,
	banks,
	actionData,
}: {
	claim: Claim
	banks: Array<{ code: string; name: string }>
	actionData: PayoutActionData | undefined
}) {
	const resolved = actionData?.intent === 'payout_check' ? actionData.resolved : undefined
	const values = actionData?.values ?? {
		bank_code: claim.payout.bank?.bank_code ?? '',
		account_number: claim.payout.bank?.account_number ?? '',
	}
	return (
		<section className={panelClass} aria-labelledby="payout-heading">
			<h2 id="payout-heading" className="font-semibold">
				Where we pay
			</h2>
			<p className="mt-1 text-sm">Now: {paidToWords(claim.payout)}.</p>
			{resolved ? (
				<Form method="post" className="mt-4 space-y-3 rounded-md border border-brand-200 bg-brand-50 p-3">
					<p>
						The bank names this account <strong>{resolved.account_name}</strong> ({resolved.bank_name} {resolved.account_number}). Is this
						the account to pay?
					</p>
					<input type="hidden" name="bank_code" value={resolved.bank_code} />
					<input type="hidden" name="account_number" value={resolved.account_number} />
					<input type="hidden" name="account_name" value={resolved.account_name} />
					<SubmitButton name="intent" value="payout_bank" pendingText="Saving…">
						Yes, pay into this account
					</SubmitButton>
					<InlineError message={actionData?.intent === 'payout_bank' ? actionData.error : null} />
				</Form>
			) : null}
			<div className="mt-4 grid gap-6 md:grid-cols-2">
				<Form method="post" className="space-y-3">
					<h3 className="text-sm font-semibold">A bank account</h3>
					<label htmlFor="payout-bank" className="block text-sm font-medium">
						Bank
						<Select id="payout-bank" name="bank_code" defaultValue={values.bank_code} required>
							<option value="">Choose a bank</option>
							{banks.map((b) => (
								<option key={b.code} value={b.code}>
									{b.name}
								</option>
							))}
						</Select>
					</label>
					<label htmlFor="payout-account" className="block text-sm font-medium">
						Account number
						<TextInput
							id="payout-account"
							name="account_number"
							inputMode="numeric"
							autoComplete="off"
							maxLength={10}
							defaultValue={values.account_number}
							required
						/>
					</label>
					<SubmitButton name="intent" value="payout_check" variant="secondary" pendingText="Checking…">
						Check the account
					</SubmitButton>
					<InlineError message={actionData?.intent === 'payout_check' || actionData?.intent === 'payout_bank' ? actionData.error : null} />
				</Form>
				{claim.payout.method === 'bank' ? (
					<Form method="post" className="space-y-3">
						<h3 className="text-sm font-semibold">Your wallet</h3>
						<p className="text-sm">Paid at once; withdraw it to any bank account later.</p>
						<SubmitButton name="intent" value="payout_wallet" variant="secondary" pendingText="Saving…">
							Pay into my wallet instead
						</SubmitButton>
						<InlineError message={actionData?.intent === 'payout_wallet' ? actionData.error : null} />
					</Form>
				) : null}
			</div>
		</section>
	)
}

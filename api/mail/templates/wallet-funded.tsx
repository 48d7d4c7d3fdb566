import { Text } from '@react-email/components'
import { formatNairaFull } from '../../contract/money.ts'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type WalletFundedMailProps = {
	publicUrl: string
	firstName: string
	amount: number
	reference: string
	paidOn: string
	balance: number
	/** A saved card charged without the payer: which card, and what the charge was for. */
	charged?: { card: string; forWhat: string } | undefined
}

/** The gateway collected a wallet funding, or charged a saved card: the money is in the wallet. */
export function WalletFundedMail({ publicUrl, firstName, amount, reference, paidOn, balance, charged }: WalletFundedMailProps) {
	return (
		<Layout
			title={charged ? 'Saved card charged' : 'Payment received'}
			preview={`${formatNairaFull(amount)} is in your wallet`}
			publicUrl={publicUrl}
		>
			<Text style={styles.text}>
				{charged
					? `Hello ${firstName}, we charged ${formatNairaFull(amount)} to your ${charged.card} for ${charged.forWhat}. The money went into your wallet, which pays it.`
					: `Hello ${firstName}, we received your payment: ${formatNairaFull(amount)} is in your wallet.`}
			</Text>
			<Fact label="Amount">{formatNairaFull(amount)}</Fact>
			<Fact label="Paid on">{paidOn}</Fact>
			<Fact label="Reference">{reference}</Fact>
			<Fact label="Wallet balance">{formatNairaFull(balance)}</Fact>
			<Action href={`${publicUrl}/wallet`}>Open the wallet</Action>
			<Text style={styles.text}>The receipt is in the wallet's transactions, ready to download.</Text>
		</Layout>
	)
}

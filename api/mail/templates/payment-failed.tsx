import { Text } from '@react-email/components'
import { formatNairaFull } from '../../contract/money.ts'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type PaymentFailedMailProps = {
	publicUrl: string
	firstName: string
	amount: number
	reference: string
	reason: string
	/** What the payment was for: a wallet funding, or the cover named. */
	forWhat: string
	retryUrl: string
}

/** The gateway declined a payment: nothing was taken, and it can be tried again. */
export function PaymentFailedMail({ publicUrl, firstName, amount, reference, reason, forWhat, retryUrl }: PaymentFailedMailProps) {
	return (
		<Layout title="Payment failed" preview={`Your payment of ${formatNairaFull(amount)} did not go through`} publicUrl={publicUrl}>
			<Text style={styles.text}>{`Hello ${firstName}, your payment of ${formatNairaFull(amount)} for ${forWhat} did not go through.`}</Text>
			<Fact label="Reason">{reason}</Fact>
			<Fact label="Amount">{formatNairaFull(amount)}</Fact>
			<Fact label="Reference">{reference}</Fact>
			<Text style={styles.text}>No money was taken for it. You can try again with another card or from your wallet.</Text>
			<Action href={retryUrl}>Try again</Action>
		</Layout>
	)
}

import { Text } from '@react-email/components'
import { formatNairaFull } from '../../contract/money.ts'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type WithdrawalMailProps = {
	publicUrl: string
	firstName: string
	amount: number
	fee: number
	/** The account paid to: name, bank and number. */
	account: string
	reference: string
}

/** A withdrawal reached the bank account. */
export function WithdrawalPaidMail({ publicUrl, firstName, amount, fee, account, reference }: WithdrawalMailProps) {
	return (
		<Layout title="Withdrawal paid" preview={`${formatNairaFull(amount)} paid to ${account}`} publicUrl={publicUrl}>
			<Text style={styles.text}>{`Hello ${firstName}, your withdrawal of ${formatNairaFull(amount)} was paid to ${account}.`}</Text>
			<Fact label="Amount">{formatNairaFull(amount)}</Fact>
			<Fact label="Transfer fee">{formatNairaFull(fee)}</Fact>
			<Fact label="Paid to">{account}</Fact>
			<Fact label="Reference">{reference}</Fact>
			<Text style={styles.text}>Banks usually show a transfer within minutes. The receipt is in the wallet's transactions.</Text>
			<Action href={`${publicUrl}/wallet`}>Open the wallet</Action>
		</Layout>
	)
}

/** A withdrawal failed (or the bank sent it back): the wallet has the amount and the fee again. */
export function WithdrawalFailedMail({
	publicUrl,
	firstName,
	amount,
	fee,
	account,
	reference,
	reason,
}: WithdrawalMailProps & { reason: string }) {
	return (
		<Layout title="Withdrawal failed" preview={`${formatNairaFull(amount + fee)} is back in your wallet`} publicUrl={publicUrl}>
			<Text style={styles.text}>{`Hello ${firstName}, your withdrawal of ${formatNairaFull(amount)} to ${account} failed.`}</Text>
			<Fact label="Reason">{reason}</Fact>
			<Fact label="Back in your wallet">{`${formatNairaFull(amount + fee)} (the amount and the transfer fee)`}</Fact>
			<Fact label="Reference">{reference}</Fact>
			<Text style={styles.text}>Check the account details and try again.</Text>
			<Action href={`${publicUrl}/wallet`}>Open the wallet</Action>
		</Layout>
	)
}

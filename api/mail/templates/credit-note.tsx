import { Text } from '@react-email/components'
import { formatNairaFull } from '../../contract/money.ts'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type CreditNoteMailProps = {
	publicUrl: string
	firstName: string
	number: string
	invoiceNumber: string
	planNumber: string
	amount: number
	reason: string
	creditNoteUrl: string
}

/** The insurer's desk credited an invoice: the money is in the wallet (docs/decisions/096-credit-notes-from-the-desk.md). */
export function CreditNoteMail(props: CreditNoteMailProps) {
	return (
		<Layout
			title="Credit note"
			preview={`Credit note ${props.number}: ${formatNairaFull(props.amount)} back in your wallet`}
			publicUrl={props.publicUrl}
		>
			<Text style={styles.text}>
				Hello {props.firstName}, we issued credit note {props.number} on invoice {props.invoiceNumber} for plan {props.planNumber}.{' '}
				{formatNairaFull(props.amount)} is now in your wallet.
			</Text>
			<Fact label="Credit note">{props.number}</Fact>
			<Fact label="Invoice">{props.invoiceNumber}</Fact>
			<Fact label="Amount">{formatNairaFull(props.amount)}</Fact>
			<Fact label="Reason">{props.reason}</Fact>
			<Action href={props.creditNoteUrl}>See the credit note</Action>
		</Layout>
	)
}

import { Text } from '@react-email/components'
import { formatLongDay } from '../../contract/dates.ts'
import { formatNairaFull } from '../../contract/money.ts'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type InvoiceMailProps = {
	publicUrl: string
	firstName: string
	event: 'issued' | 'paid' | 'overdue'
	number: string
	planNumber: string
	/** The month billed, as words: 'November 2026'. */
	month: string
	total: number
	balance: number
	/** Days as YYYY-MM-DD, written out here for the reader. */
	dueOn: string
	pausesOn: string
	invoiceUrl: string
}

const TITLES = { issued: 'Your invoice', paid: 'Invoice paid', overdue: 'Invoice overdue' } as const

/** A staff plan's monthly invoice was issued, paid, or is past its due day (docs/decisions/095). */
export function InvoiceMail(props: InvoiceMailProps) {
	const { event, number, total, balance } = props
	const intro = {
		issued: `Hello ${props.firstName}, invoice ${number} for plan ${props.planNumber} covers ${props.month}. It is due on ${formatLongDay(props.dueOn)}; if your wallet holds enough, it is paid from there.`,
		paid: `Hello ${props.firstName}, invoice ${number} for plan ${props.planNumber} (${props.month}) is paid. Thank you.`,
		overdue: `Hello ${props.firstName}, invoice ${number} for plan ${props.planNumber} (${props.month}) was due on ${formatLongDay(props.dueOn)} and is unpaid. We will try your wallet again; if it is still unpaid on ${formatLongDay(props.pausesOn)}, the plan is paused and its members cannot make claims until it is paid.`,
	}[event]
	return (
		<Layout title={TITLES[event]} preview={`${TITLES[event]}: ${number}, ${formatNairaFull(total)}`} publicUrl={props.publicUrl}>
			<Text style={styles.text}>{intro}</Text>
			<Fact label="Invoice">{number}</Fact>
			<Fact label="Total">{formatNairaFull(total)}</Fact>
			{event === 'paid' ? null : <Fact label="To pay">{formatNairaFull(balance)}</Fact>}
			<Text style={styles.text}>Health premiums are exempt from VAT.</Text>
			<Action href={props.invoiceUrl}>{event === 'paid' ? 'See the invoice' : 'Pay the invoice'}</Action>
		</Layout>
	)
}

import { Text } from '@react-email/components'
import { PLAN_BILLING } from '../../contract/invoices.ts'
import { formatNairaFull } from '../../contract/money.ts'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type PurchaseConfirmationMailProps = {
	publicUrl: string
	firstName: string
	product: string
	provider: string
	policyNumber: string
	/** How it was paid: "From the wallet", "By card", or nothing for a staff plan billed monthly. */
	paidBy: string | null
	premium: number
	cover: string
	/**
	 * A staff plan's terms, billed monthly in arrears rather than paid now (decision 161): bought waiting
	 * for its staff, so its first bill's day is not known yet.
	 */
	plan: { slots: number; monthlyRate: number } | null
	/** The policy waits for its activation details: its certificate follows then. */
	pending: boolean
	policyUrl: string
}

/** A purchase went through: what was bought, what was paid, and the certificate (or when it follows). */
export function PurchaseConfirmationMail(props: PurchaseConfirmationMailProps) {
	const { publicUrl, firstName, product, provider, policyNumber, paidBy, premium, cover, plan, pending, policyUrl } = props
	return (
		<Layout title="Purchase confirmed" preview={`${product}: policy ${policyNumber}`} publicUrl={publicUrl}>
			<Text style={styles.text}>{`Hello ${firstName}, thank you: your ${product} cover from ${provider} is bought.`}</Text>
			<Fact label="Policy number">{policyNumber}</Fact>
			<Fact label="Product">{product}</Fact>
			{plan ? (
				<>
					<Fact label="Staff covered">{`Up to ${plan.slots}, at ${formatNairaFull(plan.monthlyRate)} per person a month`}</Fact>
					<Fact label="Billed">
						{PLAN_BILLING.rule} {PLAN_BILLING.first}
					</Fact>
				</>
			) : (
				<Fact label="Premium paid">{paidBy ? `${formatNairaFull(premium)} (${paidBy})` : formatNairaFull(premium)}</Fact>
			)}
			<Fact label="Cover">{cover}</Fact>
			{pending ? (
				<Text style={styles.text}>
					Your cover starts once you send its activation details. Your certificate follows by email as soon as the policy is active.
				</Text>
			) : (
				<Text style={styles.text}>Your certificate is attached. Anyone can check it is genuine with the code printed on it.</Text>
			)}
			<Action href={policyUrl}>{pending ? 'Activate the policy' : 'View the policy'}</Action>
		</Layout>
	)
}

import { Text } from '@react-email/components'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type ClaimStatusMailProps = {
	publicUrl: string
	firstName: string
	claimNumber: string
	status: string
	message: string
	nextStep: string | null
	claimUrl: string
}

/** A claim changed status: what happened and what the customer does next. */
export function ClaimStatusMail({ publicUrl, firstName, claimNumber, status, message, nextStep, claimUrl }: ClaimStatusMailProps) {
	return (
		<Layout title={`Claim ${claimNumber}: ${status}`} preview={`Claim ${claimNumber}: ${status}`} publicUrl={publicUrl}>
			<Text style={styles.text}>{`Hello ${firstName}, ${message}`}</Text>
			<Fact label="Claim number">{claimNumber}</Fact>
			<Fact label="Status">{status}</Fact>
			{nextStep ? <Fact label="Next step">{nextStep}</Fact> : null}
			<Action href={claimUrl}>View the claim</Action>
		</Layout>
	)
}

import { Text } from '@react-email/components'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type InspectionStatusMailProps = {
	publicUrl: string
	firstName: string
	policyNumber: string
	status: string
	message: string
	inspectionUrl: string
}

/** The desk decided on a pre-inspection: what it decided and, when sent back, what to do. */
export function InspectionStatusMail({ publicUrl, firstName, policyNumber, status, message, inspectionUrl }: InspectionStatusMailProps) {
	return (
		<Layout
			title={`Pre-inspection of ${policyNumber}: ${status}`}
			preview={`Pre-inspection of ${policyNumber}: ${status}`}
			publicUrl={publicUrl}
		>
			<Text style={styles.text}>{`Hello ${firstName}, ${message}`}</Text>
			<Fact label="Policy number">{policyNumber}</Fact>
			<Fact label="Status">{status}</Fact>
			<Action href={inspectionUrl}>View the pre-inspection</Action>
		</Layout>
	)
}

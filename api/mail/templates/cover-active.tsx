import { Text } from '@react-email/components'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type CoverActiveMailProps = {
	publicUrl: string
	firstName: string
	product: string
	policyNumber: string
	cover: string
	policyUrl: string
}

/** A pending policy was activated: its cover runs, and its certificate comes with this mail. */
export function CoverActiveMail({ publicUrl, firstName, product, policyNumber, cover, policyUrl }: CoverActiveMailProps) {
	return (
		<Layout title="Your cover is active" preview={`${product} policy ${policyNumber} is active`} publicUrl={publicUrl}>
			<Text style={styles.text}>{`Hello ${firstName}, your ${product} policy is active.`}</Text>
			<Fact label="Policy number">{policyNumber}</Fact>
			<Fact label="Cover">{cover}</Fact>
			<Text style={styles.text}>Your certificate is attached. Anyone can check it is genuine with the code printed on it.</Text>
			<Action href={policyUrl}>View the policy</Action>
		</Layout>
	)
}

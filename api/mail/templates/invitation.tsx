import { Text } from '@react-email/components'
import { Action, Layout, styles } from './layout.tsx'

export type InvitationMailProps = { publicUrl: string; inviter: string; business: string; role: string; link: string }

/** An invitation to join a business's team with a role. */
export function InvitationMail({ publicUrl, inviter, business, role, link }: InvitationMailProps) {
	return (
		<Layout title={`Join ${business} on Cover Portal`} preview={`${inviter} invited you to join ${business}`} publicUrl={publicUrl}>
			<Text style={styles.text}>{`${inviter} invited you to join ${business} as ${role}.`}</Text>
			<Text style={styles.text}>Accept within 7 days: the link works once.</Text>
			<Action href={link}>Accept the invitation</Action>
			<Text style={styles.text}>If you did not expect this invitation, ignore this email.</Text>
		</Layout>
	)
}

import { Text } from '@react-email/components'
import { Action, Layout, styles } from './layout.tsx'

export type CodeMailProps = {
	publicUrl: string
	title: string
	firstName: string
	code: string
	/** What the code confirms, when it confirms one thing (a withdrawal). */
	confirms?: string
	link: string
	action: string
	ignore: string
}

/** A one-time code: sign-up verification, password reset, a withdrawal's confirmation. */
export function CodeMail({ publicUrl, title, firstName, code, confirms, link, action, ignore }: CodeMailProps) {
	return (
		<Layout title={title} preview={`Your code is ${code}`} publicUrl={publicUrl}>
			<Text style={styles.text}>{`Hello ${firstName},`}</Text>
			<Text style={styles.code}>{confirms ? `Your code is ${code}. It confirms ${confirms}.` : `Your code is ${code}.`}</Text>
			<Text style={styles.text}>It expires in 10 minutes and works once.</Text>
			<Action href={link}>{action}</Action>
			<Text style={styles.text}>{ignore}</Text>
		</Layout>
	)
}

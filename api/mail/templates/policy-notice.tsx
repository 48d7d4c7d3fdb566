import { Text } from '@react-email/components'
import { Action, Fact, Layout, styles } from './layout.tsx'

export type PolicyNoticeMailProps = {
	publicUrl: string
	title: string
	firstName: string
	/** The paragraphs, in order. */
	lines: string[]
	facts: Array<[label: string, value: string]>
	action: { href: string; label: string }
}

/**
 * What the jobs tell a customer about a policy (docs/decisions/091-renewals.md): a renewal coming up,
 * a renewal asked for, a renewal done, cover ended, a booked change in effect.
 */
export function PolicyNoticeMail({ publicUrl, title, firstName, lines, facts, action }: PolicyNoticeMailProps) {
	return (
		<Layout title={title} preview={lines[0] ?? title} publicUrl={publicUrl}>
			<Text style={styles.text}>{`Hello ${firstName},`}</Text>
			{lines.map((line) => (
				<Text key={line} style={styles.text}>
					{line}
				</Text>
			))}
			{facts.map(([label, value]) => (
				<Fact key={label} label={label}>
					{value}
				</Fact>
			))}
			<Action href={action.href}>{action.label}</Action>
		</Layout>
	)
}

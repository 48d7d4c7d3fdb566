import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'

const BRAND = '#065f46'
const font = 'Helvetica, Arial, sans-serif'

export const styles = {
	text: { fontSize: '15px', lineHeight: '24px', color: '#1e293b', margin: '0 0 16px' },
	fact: { fontSize: '15px', lineHeight: '22px', color: '#1e293b', margin: '0 0 6px' },
	label: { color: '#475569' },
	code: { fontSize: '15px', lineHeight: '24px', color: '#1e293b', margin: '0 0 16px', fontWeight: 700 },
	button: {
		display: 'inline-block',
		backgroundColor: BRAND,
		color: '#ffffff',
		fontWeight: 600,
		padding: '10px 18px',
		borderRadius: '6px',
		textDecoration: 'none',
	},
	link: { color: BRAND },
} as const

/** Every mail's frame: the brand at the top, the portal's address at the foot. */
export function Layout({
	title,
	preview,
	publicUrl,
	children,
}: {
	title: string
	preview: string
	publicUrl: string
	children: ReactNode
}) {
	return (
		<Html lang="en">
			<Head />
			<Preview>{preview}</Preview>
			<Body style={{ backgroundColor: '#f1f5f9', fontFamily: font, margin: 0, padding: '24px 0' }}>
				<Container style={{ backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', padding: '0 0 8px' }}>
					<Section style={{ backgroundColor: BRAND, borderRadius: '8px 8px 0 0', padding: '16px 24px' }}>
						<Text style={{ color: '#ffffff', fontSize: '18px', fontWeight: 700, margin: 0 }}>Cover Portal</Text>
					</Section>
					<Section style={{ padding: '8px 24px 0' }}>
						<Heading as="h1" style={{ fontSize: '22px', color: '#0f172a', margin: '16px 0' }}>
							{title}
						</Heading>
						{children}
					</Section>
					<Hr style={{ borderColor: '#e2e8f0', margin: '16px 24px' }} />
					<Section style={{ padding: '0 24px' }}>
						<Text style={{ fontSize: '12px', lineHeight: '18px', color: '#64748b', margin: 0 }}>
							Cover Portal: insurance and staff benefits for Nigerian businesses.{' '}
							<Link href={publicUrl} style={styles.link}>
								{publicUrl}
							</Link>
						</Text>
					</Section>
				</Container>
			</Body>
		</Html>
	)
}

/** A fact of the mail on its own line, "Label: value", the same in the HTML and the text part. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
	return (
		<Text style={styles.fact}>
			<span style={styles.label}>{`${label}: `}</span>
			<strong>{children}</strong>
		</Text>
	)
}

/** The one thing to do next, as a button; the text part shows its label and address. */
export function Action({ href, children }: { href: string; children: string }) {
	return (
		<Section style={{ margin: '8px 0 20px' }}>
			<Link href={href} style={styles.button}>
				{children}
			</Link>
		</Section>
	)
}

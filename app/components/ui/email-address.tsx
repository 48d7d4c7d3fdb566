import { Fragment } from 'react'

/**
 * An email address in a table or a card: it may wrap before its `@` and before each dot of its domain
 * (and at the domain's own hyphens), then anywhere only if a part is still wider than its column. On a
 * phone's card `adaeze@okaforlogistics.example` wraps as `okaforlogistics` / `.example`, not mid-word.
 * `break-all` wrapped the staff register's addresses mid-word at every width, since it let the table
 * squeeze their column to a letter's width.
 */
export function EmailAddress({ value }: { value: string }) {
	const at = value.lastIndexOf('@')
	if (at <= 0) return <span className="break-words">{value}</span>
	const [host, ...rest] = value.slice(at + 1).split('.')
	return (
		<span className="break-words">
			{value.slice(0, at)}
			<wbr />@{host}
			{rest.map((part, i) => (
				// The parts of one address, in order: their place is their identity.
				// biome-ignore lint/suspicious/noArrayIndexKey: a domain's labels repeat (co.uk.co) and never move.
				<Fragment key={i}>
					<wbr />.{part}
				</Fragment>
			))}
		</span>
	)
}

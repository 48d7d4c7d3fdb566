/**
 * An email address in a table or a card: it may wrap before its `@` (and at the domain's own hyphens),
 * then anywhere only if a part is still wider than its column. `break-all` wrapped the staff register's
 * addresses mid-word at every width, since it let the table squeeze their column to a letter's width.
 */
export function EmailAddress({ value }: { value: string }) {
	const at = value.lastIndexOf('@')
	return (
		<span className="break-words">
			{at > 0 ? (
				<>
					{value.slice(0, at)}
					<wbr />
					{value.slice(at)}
				</>
			) : (
				value
			)}
		</span>
	)
}

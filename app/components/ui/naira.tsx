import { formatNaira, formatNairaFull } from '#app/lib/money.ts'

/**
 * An amount as the one formatter shows it: compact from one million (₦1.2M), with every digit in the
 * tooltip and for screen readers. `sign` puts + before money in and − before money out.
 */
export function Naira({ amount, sign, className }: { amount: number; sign?: 'in' | 'out'; className?: string }) {
	const prefix = sign === 'in' ? '+' : sign === 'out' ? '−' : ''
	const short = prefix + formatNaira(amount)
	const full = prefix + formatNairaFull(amount)
	if (short === full) return <span className={className}>{full}</span>
	return (
		<span className={className} title={full}>
			<span aria-hidden>{short}</span>
			<span className="sr-only">{full}</span>
		</span>
	)
}

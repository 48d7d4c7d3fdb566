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

/** Card expiry as printed on the card: 12/30. */
export function cardExpiry(card: { exp_month: number; exp_year: number }) {
	return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`
}

/** 'visa' → 'Visa', 'mastercard' → 'Mastercard'. */
export function cardBrand(brand: string) {
	const trimmed = brand.trim()
	return trimmed ? trimmed[0]!.toUpperCase() + trimmed.slice(1) : 'Card'
}

export const panelClass = 'rounded-xl border border-slate-200 bg-white p-5'

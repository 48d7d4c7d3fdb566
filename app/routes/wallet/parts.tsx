/** Card expiry as printed on the card: 12/30. */
export function cardExpiry(card: { exp_month: number; exp_year: number }) {
	return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`
}

/** 'visa' → 'Visa', 'mastercard' → 'Mastercard'. */
export function cardBrand(brand: string) {
	const trimmed = brand.trim()
	return trimmed ? trimmed[0]!.toUpperCase() + trimmed.slice(1) : 'Card'
}

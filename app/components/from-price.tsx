import { formatNaira } from '#app/lib/money.ts'
import type { CatalogueProduct } from '#app/server/insurer.server.ts'

/** "From ₦3,000 per year": the least a product's quote comes to (docs/decisions/154-from-prices.md), on its card and its page. */
export function FromPrice({ from, className }: { from: CatalogueProduct['from']; className?: string }) {
	if (!from) return null
	return (
		<p className={className}>
			From <span className="font-semibold">{formatNaira(from.amount)}</span> per {from.per}
		</p>
	)
}

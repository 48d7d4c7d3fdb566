/** Background and text pairs that keep white-on-colour or dark-on-tint readable (WCAG AA). */
const PALETTE = [
	'bg-brand-700 text-white',
	'bg-sky-800 text-white',
	'bg-indigo-700 text-white',
	'bg-rose-800 text-white',
	'bg-amber-200 text-amber-950',
	'bg-teal-800 text-white',
	'bg-fuchsia-800 text-white',
	'bg-slate-700 text-white',
] as const

const SMALL_WORDS = new Set(['of', 'and', 'the', '&', 'plc', 'ltd', 'limited', 'insurance', 'assurance', 'hmo'])

/** Up to two letters from the provider's name: its first two words that say who it is ('AXA Mansard' → 'AM'). */
export function monogram(name: string) {
	const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
	const telling = words.filter((w) => !SMALL_WORDS.has(w.toLowerCase()))
	const chosen = (telling.length ? telling : words).slice(0, 2)
	return chosen.map((w) => w[0]?.toUpperCase() ?? '').join('') || '?'
}

/** The same name always gets the same colour, on every screen and every visit. */
export function markColour(name: string) {
	let hash = 0
	for (const ch of name.trim().toLowerCase()) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
	return PALETTE[hash % PALETTE.length]
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg' } as const

/** An insurer's or HMO's mark: a monogram in its own colour until the API carries logos. */
export function ProviderMark({ name, size = 'md' }: { name: string; size?: keyof typeof SIZES }) {
	return (
		<span
			aria-hidden
			title={name}
			className={`inline-flex shrink-0 items-center justify-center rounded-lg font-bold tracking-tight ${SIZES[size]} ${markColour(name)}`}
		>
			{monogram(name)}
		</span>
	)
}

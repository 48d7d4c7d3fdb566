/**
 * What is made once per key and kept, for work a hot path would otherwise repeat with the same input.
 * At most `limit` keys are kept; past that the one kept longest is let go.
 */
export function keptByKey<V>(limit: number) {
	const kept = new Map<string, V>()
	return (key: string, make: () => V): V => {
		if (kept.has(key)) return kept.get(key) as V
		const made = make()
		if (kept.size >= limit) kept.delete(kept.keys().next().value!)
		kept.set(key, made)
		return made
	}
}

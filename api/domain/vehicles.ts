// One vehicle, one live motor policy per business: the same plate may not be covered twice.

/** A plate as the registry reads it: letters and digits, upper case; spaces and dashes do not count. */
export const plateKey = (plate: string) => plate.toUpperCase().replace(/[^A-Z0-9]/g, '')

type Covered = { policyNumber: string; status: 'pending' | 'active'; coverEnd: string; activation: Record<string, string> | null }

/**
 * The business's live policy (active, its cover not yet ended) already covering this plate, if any.
 * A pending policy names no vehicle yet and an expired one covers nothing, so neither stands in the way.
 */
export function policyCoveringPlate<T extends Covered>(plate: string, policies: readonly T[], today: string): T | null {
	const key = plateKey(plate)
	if (!key) return null
	return (
		policies.find(
			(p) =>
				p.status === 'active' &&
				p.coverEnd >= today &&
				p.activation?.registration_number &&
				plateKey(p.activation.registration_number) === key,
		) ?? null
	)
}

export const plateTakenMessage = (plate: string, policyNumber: string) =>
	`This vehicle (plate ${plate.trim()}) is already covered by policy ${policyNumber}.`

/** The insurers and HMOs of the catalogue. Fictional: any likeness to a real company is chance. */
export const PROVIDERS = {
	harbour: 'Harbour Assurance',
	palmline: 'Palmline Insurance',
	crestwave: 'Crestwave General Insurance',
	savanna: 'Savanna Health HMO',
	kestrel: 'Kestrel Health HMO',
} as const

export type ProviderName = (typeof PROVIDERS)[keyof typeof PROVIDERS]

/**
 * What a provider's printed documents say of it: where it is, its company number and its licence
 * (NAICOM licenses insurers, NHIA accredits HMOs). Fictional, like the names.
 */
export const PROVIDER_DETAILS: Record<ProviderName, { address: string; rcNumber: string; licence: string; email: string }> = {
	'Harbour Assurance': {
		address: '14 Marina Road, Lagos Island, Lagos',
		rcNumber: 'RC 104218',
		licence: 'Licensed by NAICOM to carry on general insurance business',
		email: 'claims@harbour-assurance.example',
	},
	'Palmline Insurance': {
		address: '7 Adeola Odeku Street, Victoria Island, Lagos',
		rcNumber: 'RC 311907',
		licence: 'Licensed by NAICOM to carry on general insurance business',
		email: 'care@palmline.example',
	},
	'Crestwave General Insurance': {
		address: '22 Aminu Kano Crescent, Wuse II, Abuja',
		rcNumber: 'RC 276514',
		licence: 'Licensed by NAICOM to carry on general insurance business',
		email: 'hello@crestwave.example',
	},
	'Savanna Health HMO': {
		address: '3 Lugard Avenue, Ikoyi, Lagos',
		rcNumber: 'RC 452093',
		licence: 'Accredited by NHIA as a health maintenance organisation',
		email: 'members@savanna-health.example',
	},
	'Kestrel Health HMO': {
		address: '9 Ahmadu Bello Way, Kaduna',
		rcNumber: 'RC 598120',
		licence: 'Accredited by NHIA as a health maintenance organisation',
		email: 'support@kestrel-health.example',
	},
}

/** A provider's party on its documents: its name and the lines that identify it. */
export function providerParty(name: string) {
	const details = (PROVIDER_DETAILS as Record<string, (typeof PROVIDER_DETAILS)[ProviderName] | undefined>)[name]
	return { role: 'Insurer', name, lines: details ? [details.address, details.rcNumber, details.licence, details.email] : [] }
}

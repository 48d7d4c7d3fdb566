/** The insurers and HMOs of the catalogue. Fictional: any likeness to a real company is chance. */
export const PROVIDERS = {
	harbour: 'Harbour Assurance',
	palmline: 'Palmline Insurance',
	crestwave: 'Crestwave General Insurance',
	savanna: 'Savanna Health HMO',
	kestrel: 'Kestrel Health HMO',
} as const

/**
 * The companies the local CAC adapter finds. Fictional, in the CAC's three registers: RC (limited
 * companies), BN (business names) and IT (incorporated trustees). The end-to-end tests and the demo
 * business use the first four.
 */
export const CAC_COMPANIES = [
	{ registrationNumber: 'RC1234567', businessType: 'RC', name: 'Okafor Logistics Ltd' },
	{ registrationNumber: 'RC7654321', businessType: 'RC', name: 'Eze Foods Ltd' },
	{ registrationNumber: 'BN2345678', businessType: 'BN', name: 'Bakare Stores' },
	{ registrationNumber: 'IT3456789', businessType: 'IT', name: 'Hope Foundation' },
	{ registrationNumber: 'RC1045832', businessType: 'RC', name: 'Adeyemi Pharmaceuticals Ltd' },
	{ registrationNumber: 'RC889214', businessType: 'RC', name: 'Lekki Marine Services Ltd' },
	{ registrationNumber: 'RC2219047', businessType: 'RC', name: 'Chukwuma and Sons Construction Ltd' },
	{ registrationNumber: 'RC1567390', businessType: 'RC', name: 'Zaria Agro Processing Ltd' },
	{ registrationNumber: 'RC301122', businessType: 'RC', name: 'Kano Textile Mills Ltd' },
	{ registrationNumber: 'BN3120456', businessType: 'BN', name: 'Ngozi Fashion House' },
	{ registrationNumber: 'BN1876543', businessType: 'BN', name: 'Ibadan Print Works' },
	{ registrationNumber: 'BN2789012', businessType: 'BN', name: 'Iya Basira Kitchen' },
	{ registrationNumber: 'IT112233', businessType: 'IT', name: 'Lagos Youth Education Trust' },
	{ registrationNumber: 'IT204567', businessType: 'IT', name: 'Abuja Clean Water Initiative' },
	{ registrationNumber: 'IT45678', businessType: 'IT', name: 'Enugu Community Health Initiative' },
] as const

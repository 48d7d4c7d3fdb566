// The demo business's people (docs/decisions/159): the names, phones and families its staff register is made
// from, and the company's mail domain its team and every plan's people have addresses at.

/** The company's mail domain, as its team's and its first plan's people have it (demo-team.ts, demo-history.ts). */
export const DEMO_BUSINESS_DOMAIN = 'okaforlogistics.example'
/** A person's address at the company, as the register, its team and its plans have it. */
export const demoEmail = (firstName: string, lastName: string) => `${firstName}.${lastName}@${DEMO_BUSINESS_DOMAIN}`.toLowerCase()

/** First names, each with the gender the register gives its holder. */
export const FIRST: ReadonlyArray<readonly [string, 'male' | 'female']> = [
	['Adaeze', 'female'],
	['Babatunde', 'male'],
	['Chiamaka', 'female'],
	['Damilola', 'male'],
	['Emeka', 'male'],
	['Funmilayo', 'female'],
	['Gbenga', 'male'],
	['Halima', 'female'],
	['Ifeanyi', 'male'],
	['Jumoke', 'female'],
	['Kelechi', 'male'],
	['Lola', 'female'],
	['Musa', 'male'],
	['Ngozi', 'female'],
	['Obinna', 'male'],
	['Temitope', 'female'],
	['Uche', 'male'],
	['Yetunde', 'female'],
	['Zainab', 'female'],
	['Segun', 'male'],
]
// Surnames that no other demo seed gives its people, so no two people of the business share a name. Twenty
// first names and 21 surnames pair up uniquely over 60 people (a pairing repeats every 420), each surname
// about three times, as in a company of that size.
export const LAST = [
	'Adewale',
	'Chukwu',
	'Garba',
	'Nnaji',
	'Oyelaran',
	'Umeh',
	'Ekwueme',
	'Akinola',
	'Olatunji',
	'Anyanwu',
	'Fashola',
	'Idowu',
	'Mohammed',
	'Okeowo',
	'Oladipo',
	'Shehu',
	'Uzor',
	'Bassey',
	'Ogbonna',
	'Aliyu',
	'Effiong',
]
/** The networks' prefixes a phone number starts with, so the register reads as people's own numbers. */
export const PHONE_PREFIXES = [
	'0803',
	'0806',
	'0813',
	'0816',
	'0802',
	'0808',
	'0812',
	'0805',
	'0807',
	'0815',
	'0809',
	'0817',
	'0703',
	'0706',
	'0903',
]
/** The register's spouses and children: names and birthdays of their own, not one family copied five times. */
export const FAMILIES = [
	{ spouse: ['Tunde', 'male', '1984-02-17'], child: ['Chidera', 'female', '2013-09-04'] },
	{ spouse: ['Amaka', 'female', '1988-11-03'], child: ['Tobi', 'male', '2016-05-21'] },
	{ spouse: ['Kunle', 'male', '1979-07-29'], child: ['Amina', 'female', '2011-01-15'] },
	{ spouse: ['Ifeoma', 'female', '1990-03-12'], child: ['Ayo', 'male', '2019-12-08'] },
	{ spouse: ['Bisi', 'female', '1986-08-24'], child: null },
] as const

/**
 * A form label inside a sentence of a message: 'Brand and model' → 'brand and model'. Only the first
 * letter is lowered, and not when the label starts with an abbreviation ('IMEI or serial number').
 */
export function inSentence(label: string) {
	const first = label.split(/\s/, 1)[0] ?? ''
	if (first.length > 1 && first === first.toUpperCase()) return label
	return label.charAt(0).toLowerCase() + label.slice(1)
}

/** The first letter raised, for the start of a sentence: 'visa' → 'Visa'. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

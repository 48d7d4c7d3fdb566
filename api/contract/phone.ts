import { z } from 'zod'

/** The API's own check of a Nigerian phone number; the portal's input normalizes before it. */
export const Phone = z
	.string({ message: 'Enter a phone number.' })
	.trim()
	.transform((v) => v.replace(/[^\d]/g, ''))
	.refine(
		(v) => /^0[789]\d{9}$/.test(v) || /^234[789]\d{9}$/.test(v),
		'Enter a valid Nigerian phone number, like 08031234567.',
	)
	.transform((v) => (v.startsWith('234') ? `0${v.slice(3)}` : v))

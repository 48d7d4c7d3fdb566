import { expect, test } from 'vitest'
import { referralMessage, whatsAppShare } from './share.ts'

test("WhatsApp's link carries the referral message, the link whole once its text is decoded", () => {
	const link = 'https://portal.example/register?ref=XF83RVGC&type=business'
	const url = new URL(whatsAppShare(link))
	expect(url.origin).toBe('https://wa.me')
	expect(url.searchParams.get('text')).toBe(referralMessage(link))
	expect(url.searchParams.get('text')).toContain(link)
	// The link's own & and = are encoded, so they do not end WhatsApp's text parameter.
	expect(url.searchParams.size).toBe(1)
})

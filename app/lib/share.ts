/** The message a referral link is shared with. */
export function referralMessage(link: string) {
	return `I get our insurance on Cover Portal: health plans for staff, motor, gadget and travel cover, bought and claimed online. Open an account with my link: ${link}`
}

/**
 * A link that opens WhatsApp with the referral message written (WhatsApp's click-to-chat, `wa.me`): the
 * user picks whom to send it to. A plain link, so it works without JavaScript.
 */
export function whatsAppShare(link: string) {
	return `https://wa.me/?text=${encodeURIComponent(referralMessage(link))}`
}

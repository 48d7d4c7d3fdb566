import { Honeypot, SpamError } from 'remix-utils/honeypot/server'

// The forms that create accounts or send codes carry remix-utils' hidden field: a person never fills it.
// No timestamp field: its seed would have to be shared by every portal process for little gain.
const honeypot = new Honeypot({ validFromFieldName: null })

/** Deliberately vague: a bot learns nothing, and a person (an autofill gone wrong) can simply retry. */
export const SPAM_MESSAGE = 'We could not accept this form. Reload the page and try again.'

/** Whether the hidden field came back filled in. */
export async function isSpam(formData: FormData) {
	try {
		await honeypot.check(formData)
		return false
	} catch (error) {
		if (error instanceof SpamError) return true
		throw error
	}
}

import { parseWithZod } from '@conform-to/zod/v4'
import { type RouterContextProvider, data } from 'react-router'
import { z } from 'zod'
import { REFERRAL_CHANNELS, REFERRAL_CHANNEL_LABELS } from '#api/contract/attribution.ts'
import { Email, Name, Password } from '#api/contract/common.ts'
import { phoneSchema } from '#api/contract/phone.ts'
import { replyWithApiError } from './forms.server.ts'
import { SPAM_MESSAGE, isSpam } from './honeypot.server.ts'
import { clearAttribution, readAttribution } from './attribution.server.ts'
import { apiFrom } from './api-from.server.ts'

// Creating an account, for /register and for /register/:productId/create-account alike.

export const AccountType = z.enum(['business', 'individual'])

export const RegisterSchema = z
	.object({
		account_type: AccountType,
		business_name: z.string().trim().max(120, 'The business name is too long.').optional(),
		first_name: Name('your first name'),
		last_name: Name('your last name'),
		email: Email,
		phone: phoneSchema,
		password: Password,
		heard_from: z.enum(REFERRAL_CHANNELS, { message: 'Choose one of the answers.' }).optional(),
	})
	.refine((v) => v.account_type !== 'business' || Boolean(v.business_name), {
		path: ['business_name'],
		message: 'Enter the name of your business.',
		// Checked even when other fields fail, so an empty form shows every message at once.
		when: ({ issues }) => !issues.some((i) => i.path?.[0] === 'account_type' || i.path?.[0] === 'business_name'),
	})

/**
 * Sign up with the form as posted, and where the visitor came from (the attribution cookie). The API
 * answers with the new session, which the root middleware writes into the cookie. A failure is the
 * form's reply (400, or the API's 4xx), the password left out.
 */
export async function signUpFromForm(context: Readonly<RouterContextProvider>, request: Request, formData: FormData) {
	const submission = parseWithZod(formData, { schema: RegisterSchema })
	if (submission.status !== 'success') {
		return { failed: data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 }) }
	}
	if (await isSpam(formData)) {
		return { failed: data({ result: submission.reply({ formErrors: [SPAM_MESSAGE], hideFields: ['password'] }) }, { status: 400 }) }
	}
	const { business_name, ...rest } = submission.value
	try {
		const attribution = await readAttribution(request)
		await apiFrom(context).signUp({ ...rest, ...attribution, ...(rest.account_type === 'business' ? { business_name } : {}) })
	} catch (error) {
		return { failed: replyWithApiError(submission, error, ['password']) }
	}
	return {
		failed: null,
		toast: `Account created. We sent a 6-digit code to ${submission.value.email}.`,
		// The link did its work: a second account made in this browser is not referred again.
		headers: { 'Set-Cookie': await clearAttribution() },
	}
}

/** The answers to "How did you hear about us?", for the sign-up forms' loaders. */
export const heardFromOptions = () => REFERRAL_CHANNELS.map((value) => ({ value, label: REFERRAL_CHANNEL_LABELS[value] }))

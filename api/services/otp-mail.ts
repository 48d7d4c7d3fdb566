import type { Deps } from '../deps.ts'
import { createOtp, type OtpPurpose } from '../security/otp.ts'
import { findUserByEmail } from './accounts.ts'

const SUBJECT: Record<OtpPurpose, string> = {
	'verify-email': 'Your verification code',
	'reset-password': 'Your password reset code',
}

/**
 * Make a code and mail it when there is an account it can serve. The send limit is counted
 * either way, so neither the answer nor the limit tells a caller whether the account exists.
 */
export async function sendOtpMail(deps: Deps, email: string, purpose: OtpPurpose) {
	const code = await createOtp(deps.db, email, purpose, deps.now())
	const user = await findUserByEmail(deps.db, email)
	if (!user || user.status !== 'active') return
	if (purpose === 'verify-email' && user.emailVerifiedAt) return
	const link =
		purpose === 'verify-email'
			? `${deps.env.publicUrl}/verify-account`
			: `${deps.env.publicUrl}/password-reset?step=code&email=${encodeURIComponent(email)}`
	await deps.mailer.send({
		to: email,
		subject: SUBJECT[purpose],
		text: [
			`Hello ${user.firstName},`,
			'',
			`Your code is ${code}. It expires in 10 minutes and works once.`,
			'',
			`Enter it at ${link}`,
			'',
			'If you did not ask for this, ignore this email.',
		].join('\n'),
	})
}

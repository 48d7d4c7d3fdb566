import { createElement } from 'react'
import { formatNairaFull } from '../contract/money.ts'
import type { Deps } from '../deps.ts'
import { sendTemplate } from '../mail/render.ts'
import { CodeMail } from '../mail/templates/code.tsx'
import { createOtp, type OtpPurpose } from '../security/otp.ts'
import { findUserByEmail } from './accounts.ts'

const SUBJECT: Record<OtpPurpose, string> = {
	'verify-email': 'Your verification code',
	'reset-password': 'Your password reset code',
	withdrawal: 'Your withdrawal code',
}

/**
 * Make a code and mail it when there is an account it can serve. The send limit is counted
 * either way, so neither the answer nor the limit tells a caller whether the account exists.
 */
export async function sendOtpMail(deps: Deps, email: string, purpose: Exclude<OtpPurpose, 'withdrawal'>) {
	const code = await createOtp(deps.db, email, purpose, deps.now())
	const user = await findUserByEmail(deps.db, email)
	if (user?.status !== 'active') return
	if (purpose === 'verify-email' && user.emailVerifiedAt) return
	const verify = purpose === 'verify-email'
	await sendTemplate(
		deps,
		email,
		SUBJECT[purpose],
		createElement(CodeMail, {
			publicUrl: deps.env.publicUrl,
			title: verify ? 'Verify your email' : 'Reset your password',
			firstName: user.firstName,
			code,
			link: verify
				? `${deps.env.publicUrl}/verify-account`
				: `${deps.env.publicUrl}/password-reset?step=code&email=${encodeURIComponent(email)}`,
			action: 'Enter the code',
			ignore: 'If you did not ask for this, ignore this email.',
		}),
	)
}

/** Mail the code that confirms one withdrawal, saying what it confirms. */
export async function mailWithdrawalCode(
	deps: Deps,
	to: { email: string; firstName: string },
	code: string,
	w: { id: string; reference: string; amount: number; fee: number; accountName: string; bankName: string; accountNumber: string },
) {
	await sendTemplate(
		deps,
		to.email,
		SUBJECT.withdrawal,
		createElement(CodeMail, {
			publicUrl: deps.env.publicUrl,
			title: 'Confirm your withdrawal',
			firstName: to.firstName,
			code,
			confirms: `the withdrawal of ${formatNairaFull(w.amount)} (plus a ${formatNairaFull(w.fee)} transfer fee) to ${w.accountName}, ${w.bankName} ${w.accountNumber}, reference ${w.reference}`,
			link: `${deps.env.publicUrl}/withdraw?step=code&id=${w.id}`,
			action: 'Enter the code',
			ignore: 'If you did not ask for this withdrawal, do not share the code: cancel the withdrawal and tell your account owner.',
		}),
	)
}

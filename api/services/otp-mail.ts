import { formatNairaFull } from '../contract/money.ts'
import type { Deps } from '../deps.ts'
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

/** Mail the code that confirms one withdrawal, saying what it confirms. */
export async function mailWithdrawalCode(
	deps: Deps,
	to: { email: string; firstName: string },
	code: string,
	w: { id: string; reference: string; amount: number; fee: number; accountName: string; bankName: string; accountNumber: string },
) {
	await deps.mailer.send({
		to: to.email,
		subject: SUBJECT.withdrawal,
		text: [
			`Hello ${to.firstName},`,
			'',
			`Your code is ${code}. It confirms the withdrawal of ${formatNairaFull(w.amount)} (plus a ${formatNairaFull(w.fee)} transfer fee) to ${w.accountName}, ${w.bankName} ${w.accountNumber}, reference ${w.reference}.`,
			'It expires in 10 minutes and works once.',
			'',
			`Enter it at ${deps.env.publicUrl}/withdraw?step=code&id=${w.id}`,
			'',
			'If you did not ask for this withdrawal, do not share the code: cancel the withdrawal and tell your account owner.',
		].join('\n'),
	})
}

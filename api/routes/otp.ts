import { randomBytes } from 'node:crypto'
import { OtpResendBody, OtpVerifyBody, OtpVerifyResponse } from '../contract/auth.ts'
import { MessageResponse } from '../contract/common.ts'
import { resetGrants } from '../db/schema.ts'
import { RESET_GRANT_TTL_MS } from '../domain/auth-rules.ts'
import { defineRoute } from '../http.ts'
import { ApiError } from '../errors.ts'
import { findUserByEmail } from '../services/accounts.ts'
import { sendOtpMail } from '../services/otp-mail.ts'
import { takeAddressHit } from '../security/address-limit.ts'
import { consumeOtp } from '../security/otp.ts'
import { sha256 } from '../security/tokens.ts'
import { markEmailVerified } from './auth.ts'

export const otpRoutes = [
	defineRoute({
		method: 'post',
		path: '/otp/resend',
		summary: 'Mail a new 6-digit code; at most 3 in 15 minutes',
		tag: 'otp',
		auth: 'public',
		body: OtpResendBody,
		response: MessageResponse,
		handler: async ({ body, deps, c }) => {
			await takeAddressHit(deps.db, c.get('clientAddress'), 'code-send', deps.now())
			await sendOtpMail(deps, body.email, body.purpose)
			const message = 'We sent a new code. Check your email.'
			return { data: { message }, message }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/otp/verify',
		summary: 'Check a code: verifies the email, or returns a reset_token for a password reset',
		tag: 'otp',
		auth: 'public',
		body: OtpVerifyBody,
		response: OtpVerifyResponse,
		handler: async ({ body, deps }) => {
			const now = deps.now()
			await consumeOtp(deps.db, body.email, body.purpose, body.otp, now)
			const user = await findUserByEmail(deps.db, body.email)
			// A code is only ever mailed to an account, so a right code without one cannot happen.
			if (!user) throw new ApiError(400, 'This code has expired or was already used. Ask for a new one.')
			if (body.purpose === 'verify-email') {
				await markEmailVerified(deps, user.id)
				return { data: { verified: true as const }, message: 'Your email is verified.' }
			}
			const resetToken = randomBytes(32).toString('base64url')
			await deps.db.insert(resetGrants).values({
				userId: user.id,
				tokenHash: sha256(resetToken),
				expiresAt: new Date(now.getTime() + RESET_GRANT_TTL_MS),
			})
			return { data: { verified: true as const, reset_token: resetToken } }
		},
	}),
]

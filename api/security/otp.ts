import { generateTOTP, verifyTOTP } from '@epic-web/totp'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { type Db, lockKey } from '../db/client.ts'
import { otps } from '../db/schema.ts'
import {
	OTP_DIGITS,
	OTP_MAX_SENDS,
	OTP_MAX_WRONG_TRIES,
	OTP_SEND_WINDOW_MS,
	OTP_TTL_SECONDS,
	wrongTriesLeft,
} from '../domain/auth-rules.ts'
import { ApiError } from '../errors.ts'

export type OtpPurpose = 'verify-email' | 'reset-password' | 'withdrawal'

/**
 * Make a new code for (email, purpose), replacing any earlier one. At most OTP_MAX_SENDS per window,
 * counted whether or not an account exists, so the limit says nothing about who has one. A code with a
 * `subject` (a withdrawal's id) confirms that one thing only.
 */
export async function createOtp(db: Db, email: string, purpose: OtpPurpose, now: Date, subject?: string) {
	return db.transaction(async (tx) => {
		// Requests sent at once must not all count the same earlier sends.
		await lockKey(tx, 'otp-send', `${purpose} ${email}`)
		const since = new Date(now.getTime() - OTP_SEND_WINDOW_MS)
		const [{ count }] = (await tx
			.select({ count: sql<number>`count(*)::int` })
			.from(otps)
			.where(and(eq(otps.email, email), eq(otps.purpose, purpose), gt(otps.createdAt, since)))) as [{ count: number }]
		if (count >= OTP_MAX_SENDS) {
			throw new ApiError(429, 'You have asked for 3 codes in 15 minutes. Wait a few minutes, then ask again.')
		}
		await tx
			.update(otps)
			.set({ consumedAt: now })
			.where(and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.consumedAt)))
		const totp = await generateTOTP({
			period: OTP_TTL_SECONDS,
			digits: OTP_DIGITS,
			algorithm: 'SHA-256',
			charSet: '0123456789',
		})
		await tx.insert(otps).values({
			email,
			purpose,
			subject: subject ?? null,
			secret: totp.secret,
			algorithm: totp.algorithm,
			digits: totp.digits,
			period: totp.period,
			charSet: totp.charSet,
			createdAt: now,
			expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
		})
		return totp.otp
	})
}

/** Check a code: single use, valid for its lifetime, OTP_MAX_WRONG_TRIES wrong tries, for its subject only. */
export async function consumeOtp(db: Db, email: string, purpose: OtpPurpose, code: string, now: Date, subject?: string) {
	const [row] = await db
		.select()
		.from(otps)
		.where(and(eq(otps.email, email), eq(otps.purpose, purpose), isNull(otps.consumedAt)))
		.orderBy(desc(otps.createdAt))
		.limit(1)
	if (!row || row.expiresAt <= now || (subject !== undefined && row.subject !== subject)) {
		throw new ApiError(400, 'This code has expired or was already used. Ask for a new one.')
	}
	// Take a try before checking the code, so tries sent at once cannot exceed the limit; a right code
	// ends the code anyway, so only wrong ones ever add up.
	const [tried] = await db
		.update(otps)
		.set({ attempts: sql`${otps.attempts} + 1` })
		.where(and(eq(otps.id, row.id), lt(otps.attempts, OTP_MAX_WRONG_TRIES)))
		.returning({ attempts: otps.attempts })
	if (!tried) throw new ApiError(400, 'Too many wrong codes. Ask for a new one.')
	const valid = await verifyTOTP({
		otp: code,
		secret: row.secret,
		algorithm: row.algorithm,
		digits: row.digits,
		period: row.period,
		charSet: row.charSet,
		// The code's own lifetime is enforced by expiresAt; the window only covers the period boundary.
		window: 1,
	})
	if (!valid) {
		const left = wrongTriesLeft(tried.attempts)
		throw new ApiError(
			400,
			left > 0
				? `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`
				: 'Too many wrong codes. Ask for a new one.',
			[{ path: 'otp', message: 'That code is not right.' }],
		)
	}
	const consumed = await db
		.update(otps)
		.set({ consumedAt: now })
		.where(and(eq(otps.id, row.id), isNull(otps.consumedAt)))
		.returning({ id: otps.id })
	if (consumed.length === 0) throw new ApiError(400, 'This code has expired or was already used. Ask for a new one.')
}

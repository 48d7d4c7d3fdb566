import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { ConfirmPasswordBody, RecoverPasswordBody, ResetPasswordBody, SignInBody, SignUpBody, VerifyEmailBody } from '../contract/auth.ts'
import { MessageResponse } from '../contract/common.ts'
import { SessionUser } from '../contract/users.ts'
import { type Db, lockKey } from '../db/client.ts'
import { customers, resetGrants, signInAttempts, users } from '../db/schema.ts'
import { SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS } from '../domain/auth-rules.ts'
import type { Deps } from '../deps.ts'
import type { Context } from 'hono'
import { defineRoute, type Env } from '../http.ts'
import { isOperator } from '../services/desk.ts'
import { ApiError } from '../errors.ts'
import { findUser, findUserByEmail, recordActivity } from '../services/accounts.ts'
import { seededRoleId } from '../services/roles.ts'
import { sendOtpMail } from '../services/otp-mail.ts'
import { recordReferral } from '../services/rewards.tsx'
import { forgetAddressHit, takeAddressHit } from '../security/address-limit.ts'
import { consumeOtp } from '../security/otp.ts'
import { dummyPasswordHash, hashPassword, refuseCommonPassword, verifyPassword } from '../security/password.ts'
import { issueToken, revokeAllTokens, revokeToken, sha256 } from '../security/tokens.ts'

export const SIGN_IN_FAILED = 'Incorrect email or password.'

function isUniqueViolation(error: unknown) {
	const e = error as { code?: string; cause?: { code?: string } }
	return e?.code === '23505' || e?.cause?.code === '23505'
}

async function sessionUser(db: Db, userId: string, token: string) {
	const user = await findUser(db, userId)
	return { ...user!, access_token: token }
}

export async function markEmailVerified(deps: Deps, userId: string) {
	await deps.db
		.update(users)
		.set({ emailVerifiedAt: deps.now(), updatedAt: deps.now() })
		.where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
}

/**
 * The password check of both sign-ins, counted per email and address. The customer's sign-in refuses
 * operators of the claims desk and the desk's refuses everyone else (docs/decisions/071).
 */
export async function passwordSignIn(deps: Deps, c: Context<Env>, body: { email: string; password: string }, desk: boolean) {
	const now = deps.now()
	// Counted as failed until the password proves right, as the account's attempt below is.
	const addressHit = await takeAddressHit(deps.db, c.get('clientAddress'), 'sign-in-failure', now)
	const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS)
	// Count and record the attempt under a lock on the email, so tries sent at once cannot all
	// slip under the limit; it is recorded as failed until the password proves right.
	const attemptId = await deps.db.transaction(async (tx) => {
		await lockKey(tx, 'sign-in', body.email)
		const [{ failures }] = (await tx
			.select({ failures: sql<number>`count(*)::int` })
			.from(signInAttempts)
			.where(and(eq(signInAttempts.email, body.email), eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)))) as [
			{ failures: number },
		]
		if (failures >= SIGN_IN_MAX_FAILURES) {
			throw new ApiError(429, 'Too many failed sign-in attempts. Wait 15 minutes and try again, or reset your password.')
		}
		const [attempt] = await tx
			.insert(signInAttempts)
			.values({ email: body.email, succeeded: false, createdAt: now })
			.returning({ id: signInAttempts.id })
		return attempt!.id
	})
	const user = await findUserByEmail(deps.db, body.email)
	const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password)
	if (!user || !ok) throw new ApiError(400, SIGN_IN_FAILED)
	await forgetAddressHit(deps.db, addressHit)
	await deps.db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId))
	if (user.status !== 'active') {
		throw new ApiError(403, 'This account has been deactivated. Ask the owner of your business to restore it.')
	}
	if ((await isOperator(deps.db, user.customerId)) !== desk) {
		throw new ApiError(
			403,
			desk
				? 'This is not a claims desk account. Sign in to the portal at /login.'
				: 'This is a claims desk account: sign in at /ops/login.',
		)
	}
	return { user, token: await issueToken(deps.db, user.id, now) }
}

export const authRoutes = [
	defineRoute({
		method: 'post',
		path: '/auth/sign-up',
		summary: 'Create a business or individual account; a verification code is mailed',
		tag: 'auth',
		auth: 'public',
		body: SignUpBody,
		response: SessionUser,
		status: 201,
		handler: async ({ body, deps, c }) => {
			refuseCommonPassword(body.password)
			await takeAddressHit(deps.db, c.get('clientAddress'), 'sign-up', deps.now())
			const passwordHash = await hashPassword(body.password)
			const roleId = await seededRoleId(deps.db)
			const now = deps.now()
			let userId: string
			try {
				userId = await deps.db.transaction(async (tx) => {
					const [customer] = await tx
						.insert(customers)
						.values({
							kind: body.account_type,
							name: body.account_type === 'business' ? body.business_name! : `${body.first_name} ${body.last_name}`,
							phone: body.phone,
							meta: { cac_verified: false, sector: null },
							channelSource: body.channel_source ?? null,
							campaignCode: body.campaign_code ?? null,
							heardFrom: body.heard_from ?? null,
							createdAt: now,
						})
						.returning({ id: customers.id })
					const [user] = await tx
						.insert(users)
						.values({
							customerId: customer!.id,
							roleId,
							firstName: body.first_name,
							lastName: body.last_name,
							email: body.email,
							phone: body.phone,
							passwordHash,
							createdAt: now,
						})
						.returning({ id: users.id })
					if (body.referrer) {
						await recordReferral(tx, { code: body.referrer, customerId: customer!.id, email: body.email, phone: body.phone, now })
					}
					await recordActivity(tx, {
						customerId: customer!.id,
						actorUserId: user!.id,
						type: 'account.created',
						description: `${body.first_name} ${body.last_name} created the account`,
					})
					return user!.id
				})
			} catch (error) {
				if (isUniqueViolation(error)) {
					throw new ApiError(409, 'An account with this email already exists. Sign in instead.', [
						{ path: 'email', message: 'An account with this email already exists.' },
					])
				}
				throw error
			}
			// The account exists now: codes already asked for this address must not make it answer as failed.
			const mailed = await sendOtpMail(deps, body.email, 'verify-email').then(
				() => true,
				(error: unknown) => {
					if (error instanceof ApiError && error.status === 429) return false
					throw error
				},
			)
			const token = await issueToken(deps.db, userId, now)
			const data = await sessionUser(deps.db, userId, token)
			deps.analytics?.track(data.customer.id, 'signed up', { account_type: body.account_type, platform: body.platform })
			return {
				data,
				message: mailed
					? 'Account created. We sent a 6-digit code to your email.'
					: 'Account created. Ask for a new code in 15 minutes to verify your email.',
			}
		},
	}),
	defineRoute({
		method: 'post',
		path: '/auth/sign-in',
		summary: 'Sign in with email and password',
		tag: 'auth',
		auth: 'public',
		body: SignInBody,
		response: SessionUser,
		handler: async ({ body, deps, c }) => {
			const { user, token } = await passwordSignIn(deps, c, body, false)
			return { data: await sessionUser(deps.db, user.id, token) }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/auth/sign-out',
		summary: 'Revoke the bearer token of this session',
		tag: 'auth',
		auth: 'user',
		response: MessageResponse,
		handler: async ({ auth, deps }) => {
			await revokeToken(deps.db, auth.tokenId, deps.now())
			return { data: { message: 'Signed out.' } }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/auth/recover-password',
		summary: 'Mail a password-reset code; answers the same whether or not the account exists',
		tag: 'auth',
		auth: 'public',
		body: RecoverPasswordBody,
		response: MessageResponse,
		handler: async ({ body, deps, c }) => {
			await takeAddressHit(deps.db, c.get('clientAddress'), 'code-send', deps.now())
			await sendOtpMail(deps, body.email, 'reset-password')
			const message = 'If an account uses that email, we have sent it a 6-digit code.'
			return { data: { message }, message }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/auth/reset-password',
		summary: 'Set a new password with the reset token from /otp/verify; signs out every session',
		tag: 'auth',
		auth: 'public',
		body: ResetPasswordBody,
		response: MessageResponse,
		handler: async ({ body, deps }) => {
			// Before the grant is used up, so a refused password can be replaced with the same code.
			refuseCommonPassword(body.password)
			const now = deps.now()
			const [grant] = await deps.db
				.update(resetGrants)
				.set({ usedAt: now })
				.where(and(eq(resetGrants.tokenHash, sha256(body.reset_token)), isNull(resetGrants.usedAt), gt(resetGrants.expiresAt, now)))
				.returning({ userId: resetGrants.userId })
			if (!grant) throw new ApiError(400, 'This reset has expired. Start again to get a new code.')
			await deps.db
				.update(users)
				.set({ passwordHash: await hashPassword(body.password), updatedAt: now })
				.where(eq(users.id, grant.userId))
			await revokeAllTokens(deps.db, grant.userId, now)
			const user = await findUser(deps.db, grant.userId)
			await recordActivity(deps.db, {
				customerId: user!.customer.id,
				actorUserId: grant.userId,
				type: 'password.reset',
				description: `${user!.first_name} ${user!.last_name} reset their password`,
			})
			const message = 'Your password has been changed. Sign in with the new one.'
			return { data: { message }, message }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/auth/verify-email',
		summary: "Verify the signed-in user's email with the mailed code",
		tag: 'auth',
		auth: 'user',
		body: VerifyEmailBody,
		response: SessionUser.omit({ access_token: true }),
		handler: async ({ body, auth, deps }) => {
			if (!auth.emailVerifiedAt) {
				await consumeOtp(deps.db, auth.email.toLowerCase(), 'verify-email', body.otp, deps.now())
				await markEmailVerified(deps, auth.id)
			}
			return { data: (await findUser(deps.db, auth.id))!, message: 'Your email is verified.' }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/auth/confirm-password',
		summary: "Confirm the signed-in user's password before a sensitive step",
		tag: 'auth',
		auth: 'user',
		body: ConfirmPasswordBody,
		response: z.object({ confirmed: z.literal(true) }),
		handler: async ({ body, auth, deps }) => {
			const [user] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, auth.id))
			if (!(await verifyPassword(user!.hash, body.password))) {
				throw new ApiError(400, 'That password is not right.', [{ path: 'password', message: 'That password is not right.' }])
			}
			return { data: { confirmed: true as const } }
		},
	}),
]

/** Account-security constants: one place for each rule. */
export const TOKEN_TTL_MS = 24 * 60 * 60 * 1000
/** A token older than this is replaced by a new one, sent back in X-New-Token. */
export const TOKEN_ROTATE_AFTER_MS = 60 * 60 * 1000
/** A replaced token keeps working this long, for requests already under way. */
export const TOKEN_ROTATION_GRACE_MS = 2 * 60 * 1000

export const OTP_DIGITS = 6
export const OTP_TTL_SECONDS = 10 * 60
export const OTP_MAX_WRONG_TRIES = 5
export const OTP_MAX_SENDS = 3
export const OTP_SEND_WINDOW_MS = 15 * 60 * 1000

export const SIGN_IN_MAX_FAILURES = 5
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000

export const RESET_GRANT_TTL_MS = 15 * 60 * 1000
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export function shouldRotate(createdAt: Date, rotatedAt: Date | null, now: Date) {
	return !rotatedAt && now.getTime() - createdAt.getTime() >= TOKEN_ROTATE_AFTER_MS
}

export function wrongTriesLeft(attempts: number) {
	return Math.max(0, OTP_MAX_WRONG_TRIES - attempts)
}

/**
 * Per client address, on top of the per-account limits above: what one network may do in a window
 * (docs/decisions/034-abuse-limits.md). Generous, since an office shares one address.
 */
export const ADDRESS_LIMITS = {
	'sign-up': { max: 10, windowMs: 60 * 60 * 1000, message: 'Too many accounts were created from your network. Try again in an hour.' },
	'sign-in-failure': {
		max: 20,
		windowMs: 15 * 60 * 1000,
		message: 'Too many failed sign-in attempts from your network. Wait 15 minutes and try again.',
	},
	'code-send': {
		max: 10,
		windowMs: 15 * 60 * 1000,
		message: 'Too many codes were asked for from your network. Wait 15 minutes, then ask again.',
	},
	// Inspection hand-off codes that open nothing (docs/decisions/104-inspection-links.md): guessing is bounded.
	'inspection-link-failure': {
		max: 30,
		windowMs: 15 * 60 * 1000,
		message: 'Too many inspection codes that open nothing were tried from your network. Wait 15 minutes and try again.',
	},
} as const
export type AddressAction = keyof typeof ADDRESS_LIMITS

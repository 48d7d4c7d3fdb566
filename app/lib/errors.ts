/** Spec section 8, word for word. */
export const MESSAGES = {
	offline: 'You appear to be offline. Please check your connection.',
	timeout: 'Connection timed out. Try again later.',
	network: 'Network error. Service may be unavailable or connection is unstable.',
	unexpected: 'Unexpected error occurred.',
	fallback: 'Something went wrong.',
} as const

const LOGOUT_TEXTS = ['missing authorization', 'unauthorized', 'invalid token', 'not authorized', 'token not found', 'user not found']

/** A response whose lowercased text names one of these logs the user out. */
export function isLogoutText(text: string) {
	const lower = text.toLowerCase()
	return LOGOUT_TEXTS.some((t) => lower.includes(t))
}

export type NotificationKind = 'danger' | 'warning' | 'success'

/** Above 300 is a danger popup titled 'Oops ):'; exactly 300 a warning; otherwise success. */
export function notificationKind(status: number): NotificationKind {
	if (status > 300) return 'danger'
	if (status === 300) return 'warning'
	return 'success'
}

export const DANGER_TITLE = 'Oops ):'

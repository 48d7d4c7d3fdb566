import type { Customer, User } from '#api/contract/users.ts'

/** Spec section 4: KYC complete when the customer has a sector and the email is verified. */
export const isKycComplete = (user: User) => Boolean(user.customer.meta.sector) && Boolean(user.email_verified_at)

/** Where a signed-in user belongs first, given section 4's states; null when anywhere is fine. */
export function pendingStep(user: User): '/verify-account' | '/update/kyc' | null {
	if (!user.email_verified_at) return '/verify-account'
	if (!user.customer.meta.sector) return '/update/kyc'
	return null
}

/**
 * A business registered with the CAC (RC, BN or IT) that has not confirmed its registered name yet:
 * the CAC dialog is its next step once KYC is done (spec section 4).
 */
export function needsCacVerification(customer: Pick<Customer, 'kind' | 'business_type' | 'meta'>) {
	return customer.kind === 'business' && customer.business_type !== null && customer.business_type !== 'none' && !customer.meta.cac_verified
}

const lagosDay = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' })

/**
 * Spec section 4: the guided tour shows when the account is new (made today, in Lagos), was not toured
 * before, the path is / and the customer has a sector. The screen's width (lg and up) is the browser's
 * to check (docs/decisions/113-guided-tour.md).
 */
export function showsTour(user: Pick<User, 'created_at' | 'toured_at' | 'customer'>, path: string, now = new Date()) {
	return path === '/' && !user.toured_at && Boolean(user.customer.meta.sector) && lagosDay(new Date(user.created_at)) === lagosDay(now)
}

import type { Todo } from '../contract/activities.ts'

export type AccountState = {
	kind: 'business' | 'individual'
	emailVerified: boolean
	sector: string | null
	businessType: 'BN' | 'RC' | 'IT' | 'none' | null
	cacVerified: boolean
	/** The business's details are the business's to complete: only for members who may manage them. */
	canManageBusiness: boolean
	/** Funded at least once; only members who may fund it are asked to. */
	walletFunded: boolean
	canFundWallet: boolean
}

/** Spec section 4: KYC is complete when the customer has a sector and a verified email. */
export function isKycComplete(state: Pick<AccountState, 'emailVerified' | 'sector'>) {
	return state.emailVerified && Boolean(state.sector)
}

/** A business registered with the CAC still owes its verification once KYC is done. */
export function needsCacVerification(state: AccountState) {
	return (
		state.kind === 'business' &&
		isKycComplete(state) &&
		state.businessType !== null &&
		state.businessType !== 'none' &&
		!state.cacVerified
	)
}

/** What the account still has to do, derived from its state; each todo disappears when done. */
export function deriveTodos(state: AccountState): Todo[] {
	const todos: Todo[] = []
	if (!state.emailVerified) {
		todos.push({
			id: 'verify-email',
			title: 'Verify your email',
			description: 'Enter the 6-digit code we sent to your email.',
			href: '/verify-account',
		})
	}
	if (!state.sector && state.canManageBusiness) {
		todos.push({
			id: 'complete-kyc',
			title: state.kind === 'business' ? 'Complete your business details' : 'Complete your details',
			description: 'Tell us your sector and address so we can issue cover.',
			href: '/update/kyc',
		})
	}
	if (needsCacVerification(state) && state.canManageBusiness) {
		todos.push({
			id: 'verify-cac',
			title: 'Verify your company with the CAC',
			description: 'Confirm your registration number with the Corporate Affairs Commission.',
			href: '/?dialog=cac',
		})
	}
	if (!state.walletFunded && state.canFundWallet && isKycComplete(state)) {
		todos.push({
			id: 'fund-wallet',
			title: 'Fund your wallet',
			description: 'Add money to pay for cover from your wallet in one step.',
			href: '/fund-wallet',
		})
	}
	return todos
}

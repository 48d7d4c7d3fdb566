import { useEffect, useRef } from 'react'

// Kept here as well as in account-draft.ts, so that this hook stays a few bytes on first load.
const DRAFT_KEY = 'account_draft'

/**
 * The local draft of a sign-up or KYC form (app/client/account-draft.ts). Its code loads only when
 * there is a draft to restore or the user starts typing, so pages open with none of it. Without
 * JavaScript the server-side steps keep what was typed.
 */
export function useAccountDraft(section: 'register' | 'business_profile', form?: string | null) {
	const ref = useRef<HTMLFormElement>(null)
	// `form` names which form is on the page, when one route shows several in turn: a new one attaches anew.
	// biome-ignore lint/correctness/useExhaustiveDependencies: see above
	useEffect(() => {
		const element = ref.current
		if (!element) return
		let detach: (() => void) | undefined
		let gone = false
		const start = (typed: boolean) =>
			import('./account-draft.ts').then((draft) => {
				if (!gone) detach = draft.attachDraft(element, section, { typed })
			})
		const onFirstInput = () => void start(true)
		if (localStorage.getItem(DRAFT_KEY)) void start(false)
		else element.addEventListener('input', onFirstInput, { once: true })
		return () => {
			gone = true
			element.removeEventListener('input', onFirstInput)
			detach?.()
		}
	}, [section, form])
	return ref
}

/** Signing out forgets the draft (spec section 4). */
export function forgetAccountDraft() {
	localStorage.removeItem(DRAFT_KEY)
}

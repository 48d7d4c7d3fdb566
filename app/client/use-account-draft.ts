import { useEffect, useRef } from 'react'

import { DRAFT_KEY } from './draft-key.ts'

/**
 * The local draft of a sign-up or KYC form (app/client/account-draft.ts), attached when there is a
 * draft to restore or the user starts typing. Without JavaScript the server-side steps keep what was typed.
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
		// The draft's code loads only when there is a draft or typing starts: none of it is first-load JS.
		const start = (typed: boolean) =>
			void import('./account-draft.ts').then(({ attachDraft }) => {
				if (!gone) detach = attachDraft(element, section, { typed })
			})
		const onFirstInput = () => start(true)
		if (localStorage.getItem(DRAFT_KEY)) start(false)
		else element.addEventListener('input', onFirstInput, { once: true })
		return () => {
			gone = true
			element.removeEventListener('input', onFirstInput)
			detach?.()
		}
	}, [section, form])
	return ref
}

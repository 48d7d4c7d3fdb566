import { Check, Copy } from '#app/components/ui/icons.tsx'
import { useEffect, useState } from 'react'
import { buttonClass } from '#app/components/ui/form.tsx'

/** How long the button says "Copied" (spec section 9). */
export const COPIED_MS = 1_500

/**
 * Copies `text` to the clipboard and says so for 1.5 s. It needs JavaScript, so it hides without it
 * (`js-only`); the text beside it can still be selected and copied by hand.
 */
export function CopyButton({ text, label = 'Copy link' }: { text: string; label?: string }) {
	const [copied, setCopied] = useState(false)
	useEffect(() => {
		if (!copied) return
		const timer = setTimeout(() => setCopied(false), COPIED_MS)
		return () => clearTimeout(timer)
	}, [copied])
	return (
		<button
			type="button"
			className={buttonClass('secondary', 'js-only')}
			onClick={() =>
				void navigator.clipboard.writeText(text).then(
					() => setCopied(true),
					() => setCopied(false),
				)
			}
		>
			{copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
			<span aria-live="polite">{copied ? 'Copied' : label}</span>
		</button>
	)
}

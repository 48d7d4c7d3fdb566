import type { KeyboardEvent } from 'react'
import { digitsAndPlusOnly, normalizeFormatInput, normalizeNairaInput, stepFormatInput } from '#app/lib/number-input.ts'
import { inputClassName } from './input-class.ts'
import { NormalizedInput, type NormalizedInputProps, setValueAsTyped } from './normalized-input.tsx'

// The section 5 input rules as the user types them: normalized-input.tsx holds the shared part.

export { inputClassName }
export { caretAfterDigits, normalizeInPlace, type NormalizedInputProps } from './normalized-input.tsx'
export { PhoneInput } from './phone-input.tsx'

/** Digits and '+' only (spec section 5), for codes and account numbers rather than amounts. */
export function NumberInput(props: NormalizedInputProps) {
	return <NormalizedInput inputMode="numeric" {...props} type="text" normalize={digitsAndPlusOnly} />
}

/** Whole Naira with the ₦ sign and thousands separators: '₦12,346'. Read it with nairaInputSchema. */
export function NairaInput(props: NormalizedInputProps) {
	return <NormalizedInput inputMode="numeric" {...props} type="text" normalize={normalizeNairaInput} />
}

/** A thousands-separated whole number, never below 0; ArrowUp and ArrowDown change it by 1. */
export function FormatInput({ onKeyDown, ...props }: NormalizedInputProps) {
	return (
		<NormalizedInput
			inputMode="numeric"
			{...props}
			type="text"
			normalize={normalizeFormatInput}
			onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
				onKeyDown?.(event)
				const input = event.currentTarget
				const delta = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0
				if (delta === 0 || event.defaultPrevented || input.readOnly) return
				if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
				event.preventDefault()
				setValueAsTyped(input, stepFormatInput(input.value, delta))
			}}
		/>
	)
}

import type { ChangeEvent, ComponentProps, CompositionEvent } from 'react'
import { inputClassName } from './input-class.ts'

// The section 5 input rules, applied as the user types. The same functions run in the server-side
// schemas (phoneSchema in api/contract/phone.ts, app/lib/number-input-schemas.ts), so without JavaScript these are plain
// inputs and the server gives the same result.
//
// The inputs are uncontrolled: the DOM holds the value, which starts from the normalized defaultValue
// and is rewritten in place on each input. Conform reads and resets native inputs (a new field key
// remounts the input with its new defaultValue), a form's reset button restores the server-rendered
// value, and the caret can be kept beside the digit the user was editing.

/**
 * Any prop of <input> (id, name, aria-invalid, aria-describedby, required, a conform getInputProps
 * spread…) except value and type, which the component owns. Pass the starting value as defaultValue.
 */
export type NormalizedInputProps = Omit<ComponentProps<'input'>, 'value' | 'type'>

export type Normalize = (raw: string) => string

function countDigits(text: string): number {
	return text.replace(/\D/g, '').length
}

/** Where the caret goes in `text` to sit just after its `digits`-th digit (before the first digit for 0). */
export function caretAfterDigits(text: string, digits: number): number {
	if (digits <= 0) {
		const first = text.search(/\d/)
		return first === -1 ? text.length : first
	}
	let seen = 0
	for (let index = 0; index < text.length; index++) {
		if (text[index] >= '0' && text[index] <= '9' && ++seen === digits) return index + 1
	}
	return text.length
}

/** Rewrites the input's value with `normalize`, keeping the caret after the same number of digits. */
export function normalizeInPlace(input: HTMLInputElement, normalize: Normalize): void {
	const raw = input.value
	const next = normalize(raw)
	if (next === raw) return
	const caret = input.selectionStart
	input.value = next
	if (caret !== null && input.ownerDocument.activeElement === input) {
		const position = caretAfterDigits(next, countDigits(raw.slice(0, caret)))
		input.setSelectionRange(position, position)
	}
}

// Sets the value the way typing does, so React's onChange and conform's input listener both hear it.
// React tracks the value through the element's own setter, so the prototype's setter is used.
export function setValueAsTyped(input: HTMLInputElement, value: string): void {
	Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value)
	input.dispatchEvent(new Event('input', { bubbles: true }))
}

export function NormalizedInput({
	normalize,
	type,
	defaultValue,
	className,
	onChange,
	onCompositionEnd,
	...props
}: NormalizedInputProps & { normalize: Normalize; type: 'tel' | 'text' }) {
	return (
		<input
			{...props}
			type={type}
			defaultValue={defaultValue === undefined ? undefined : normalize(String(defaultValue))}
			className={className ? `${inputClassName} ${className}` : inputClassName}
			onChange={(event: ChangeEvent<HTMLInputElement>) => {
				// Mid-composition (IME, some Android keyboards) the text is not final; compositionend handles it.
				if (!(event.nativeEvent as InputEvent).isComposing) normalizeInPlace(event.currentTarget, normalize)
				onChange?.(event)
			}}
			onCompositionEnd={(event: CompositionEvent<HTMLInputElement>) => {
				normalizeInPlace(event.currentTarget, normalize)
				onCompositionEnd?.(event)
			}}
		/>
	)
}

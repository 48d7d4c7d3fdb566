import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import {
	FormatInput,
	NairaInput,
	NumberInput,
	PhoneInput,
	caretAfterDigits,
	inputClassName,
	normalizeInPlace,
} from '#app/components/ui/inputs.tsx'
import { normalizeNairaInput } from '#app/lib/number-input.ts'

describe('server rendering, which is all a browser without JavaScript gets', () => {
	test('PhoneInput is a tel input with the normalized starting value', () => {
		const html = renderToStaticMarkup(
			<PhoneInput id="phone" name="phone" defaultValue="+234 0803 123 4567" aria-invalid aria-describedby="phone-error" required />,
		)
		for (const attribute of [
			'id="phone"',
			'name="phone"',
			'aria-invalid="true"',
			'aria-describedby="phone-error"',
			'required=""',
			'inputMode="tel"',
			'autoComplete="tel"',
			'type="tel"',
			'value="2348031234567"',
			`class="${inputClassName}"`,
		]) {
			expect(html).toContain(attribute)
		}
	})

	test('NairaInput shows whole Naira with the sign and separators', () => {
		const html = renderToStaticMarkup(<NairaInput name="amount" defaultValue={1234567.5} />)
		expect(html).toContain('value="₦1,234,568"')
		expect(html).toContain('inputMode="numeric"')
		expect(html).toContain('type="text"')
	})

	test('FormatInput and NumberInput normalize their starting values', () => {
		expect(renderToStaticMarkup(<FormatInput name="staff" defaultValue="0012500" />)).toContain('value="12,500"')
		expect(renderToStaticMarkup(<NumberInput name="code" defaultValue="12-34+5" />)).toContain('value="1234+5"')
	})

	test('no defaultValue renders no value', () => {
		expect(renderToStaticMarkup(<NairaInput name="amount" />)).not.toContain('value=')
	})

	test('the caller may add classes and override inputMode and autoComplete, but not the type', () => {
		const html = renderToStaticMarkup(
			<PhoneInput name="phone" className="max-w-xs" autoComplete="off" inputMode="numeric" {...{ type: 'email' }} />,
		)
		expect(html).toContain(`class="${inputClassName} max-w-xs"`)
		expect(html).toContain('autoComplete="off"')
		expect(html).toContain('inputMode="numeric"')
		expect(html).toContain('type="tel"')
	})
})

describe('caretAfterDigits', () => {
	test.each([
		['₦1,234', 0, 1],
		['₦1,234', 1, 2],
		['₦1,234', 2, 4],
		['₦1,234', 4, 6],
		['₦1,234', 9, 6],
		['', 0, 0],
		['08031234567', 4, 4],
	])('%j after %d digits -> %d', (text, digits, position) => {
		expect(caretAfterDigits(text, digits)).toBe(position)
	})
})

// A stand-in for the few members of HTMLInputElement that normalizeInPlace uses; vitest runs in Node.
function fakeInput(value: string, caret: number, focused = true) {
	const input = {
		value,
		selectionStart: caret as number | null,
		selection: null as [number, number] | null,
		ownerDocument: { activeElement: null as unknown },
		setSelectionRange(start: number, end: number) {
			input.selection = [start, end]
		},
	}
	if (focused) input.ownerDocument.activeElement = input
	return input
}

describe('normalizeInPlace', () => {
	test('keeps the caret after the digit just typed, past the separator it adds', () => {
		// '₦1,234' with '5' typed after the '1': the raw text is '₦15,234', caret after the '5'.
		const input = fakeInput('₦15,234', 3)
		normalizeInPlace(input as unknown as HTMLInputElement, normalizeNairaInput)
		expect(input.value).toBe('₦15,234')
		expect(input.selection).toBeNull()

		const growing = fakeInput('₦12,3456', 2)
		normalizeInPlace(growing as unknown as HTMLInputElement, normalizeNairaInput)
		expect(growing.value).toBe('₦123,456')
		expect(growing.selection).toEqual([2, 2])
	})

	test('typing into an empty field puts the caret after the digit', () => {
		const input = fakeInput('5', 1)
		normalizeInPlace(input as unknown as HTMLInputElement, normalizeNairaInput)
		expect(input.value).toBe('₦5')
		expect(input.selection).toEqual([2, 2])
	})

	test('an input without focus (autofill) gets its value but no caret move', () => {
		const input = fakeInput('25000', 5, false)
		normalizeInPlace(input as unknown as HTMLInputElement, normalizeNairaInput)
		expect(input.value).toBe('₦25,000')
		expect(input.selection).toBeNull()
	})
})

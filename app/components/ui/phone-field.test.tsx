import { useForm } from '@conform-to/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { PhoneField } from '#app/components/ui/phone-input.tsx'

/** A form as a route renders it after the server refused its phone: the value kept, the message shown. */
function Refused() {
	const [, fields] = useForm<{ phone: string }>({
		id: 'profile',
		lastResult: { status: 'error', initialValue: { phone: '0803 123' }, error: { phone: ['Enter a valid Nigerian phone number.'] } },
	})
	return <PhoneField field={fields.phone} />
}

test('PhoneField labels its input, gives the example, keeps what was typed and ties the message to it', () => {
	const html = renderToStaticMarkup(<Refused />)
	const input = html.match(/<input [^>]*>/)?.[0] ?? ''
	const id = input.match(/ id="([^"]+)"/)?.[1]
	expect(id).toBeTruthy()
	expect(html).toContain(`<label for="${id}"`)
	expect(html).toContain('>Phone number</label>')
	expect(html).toContain('Like 08031234567')
	expect(input).toContain('type="tel"')
	expect(input).toContain('name="phone"')
	expect(input).toContain('aria-invalid="true"')
	expect(input).toMatch(/value="0803 ?123"/)
	const describedBy = input.match(/aria-describedby="([^"]+)"/)?.[1] ?? ''
	const errorId = describedBy.split(' ').find((part) => html.includes(`<ul id="${part}"`))
	expect(errorId, 'the message is the one the input is described by').toBeTruthy()
	expect(html).toContain('Enter a valid Nigerian phone number.</li>')
})

import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { EmailAddress } from '#app/components/ui/email-address.tsx'

test('an address may wrap before its @ and before each dot of its domain, and reads as the address', () => {
	const html = renderToStaticMarkup(<EmailAddress value="funmilayo.adeyemi@okaforlogistics.example" />)
	expect(html).toBe('<span class="break-words">funmilayo.adeyemi<wbr/>@okaforlogistics<wbr/>.example</span>')
	const twoLevels = renderToStaticMarkup(<EmailAddress value="ada@mail.co.ng" />)
	expect(twoLevels.replaceAll('<wbr/>', '')).toBe('<span class="break-words">ada@mail.co.ng</span>')
	expect(twoLevels.match(/<wbr\/>/g)).toHaveLength(3)
})

test('what is not an address is shown as it is', () => {
	expect(renderToStaticMarkup(<EmailAddress value="not an address" />)).toBe('<span class="break-words">not an address</span>')
	expect(renderToStaticMarkup(<EmailAddress value="@handle" />)).toBe('<span class="break-words">@handle</span>')
})

import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { DateRangeFields } from '#app/components/ui/date-range.tsx'

const render = (props: Parameters<typeof DateRangeFields>[0]) => renderToStaticMarkup(DateRangeFields(props))

/** The `<input>` tag with this id. */
const inputTag = (html: string, id: string) => html.match(new RegExp(`<input id="${id}"[^>]*>`))?.[0] ?? ''

describe('DateRangeFields', () => {
	test('two labelled day inputs named from and to, holding the filter values', () => {
		const html = render({
			idPrefix: 'claims',
			labels: { from: 'Incident from', to: 'Incident to' },
			values: { from: '2026-11-01', to: '' },
		})
		expect(html).toContain('<label for="claims-from" class="block text-sm font-medium text-slate-800">Incident from</label>')
		expect(html).toContain('<label for="claims-to" class="block text-sm font-medium text-slate-800">Incident to</label>')
		for (const attribute of ['type="date"', 'name="from"', 'value="2026-11-01"']) expect(inputTag(html, 'claims-from')).toContain(attribute)
		for (const attribute of ['type="date"', 'name="to"', 'value=""']) expect(inputTag(html, 'claims-to')).toContain(attribute)
		expect(html).not.toContain('aria-invalid=')
	})

	test("a field's error is listed under it and named by its input; the other field is left alone", () => {
		const html = render({ idPrefix: 'transactions', values: {}, errors: { to: 'Pick a day on or after the first.' } })
		expect(html).toContain('>From</label>')
		for (const attribute of ['name="to"', 'aria-invalid="true"', 'aria-describedby="transactions-to-error"'])
			expect(inputTag(html, 'transactions-to')).toContain(attribute)
		expect(inputTag(html, 'transactions-from')).not.toContain('aria-invalid=')
		expect(html).toContain('<ul id="transactions-to-error"')
		expect(html).toContain('<li>Pick a day on or after the first.</li>')
		expect(html).not.toContain('transactions-from-error')
	})
})

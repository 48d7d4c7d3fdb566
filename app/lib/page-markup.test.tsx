import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { PageMarkup, useMarkupOnce } from './page-markup.ts'

function Picture({ id, carried }: { id: string; carried: string | null }) {
	// biome-ignore lint/security/noDangerouslySetInnerHtml: the test's own markup
	return <div id={id} dangerouslySetInnerHTML={{ __html: useMarkupOnce(id, carried) }} />
}

test('a document’s render takes the markup from the request’s map, which the data left out', () => {
	const page = new Map([['chart-1', '<svg><rect></rect></svg>']])
	expect(
		renderToStaticMarkup(
			<PageMarkup value={page}>
				<Picture id="chart-1" carried={null} />
			</PageMarkup>,
		),
	).toBe('<div id="chart-1"><svg><rect></rect></svg></div>')
})

test('markup the data carries is what is drawn, whatever the map holds', () => {
	const page = new Map([['chart-1', '<svg>old</svg>']])
	expect(
		renderToStaticMarkup(
			<PageMarkup value={page}>
				<Picture id="chart-1" carried="<svg>new</svg>" />
			</PageMarkup>,
		),
	).toBe('<div id="chart-1"><svg>new</svg></div>')
	expect(renderToStaticMarkup(<Picture id="chart-1" carried="<svg>new</svg>" />)).toBe('<div id="chart-1"><svg>new</svg></div>')
})

test('with neither the map nor a document to read, nothing is drawn rather than something else', () => {
	expect(renderToStaticMarkup(<Picture id="chart-2" carried={null} />)).toBe('<div id="chart-2"></div>')
})

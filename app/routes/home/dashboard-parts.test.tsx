import { renderToStaticMarkup } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import { FigureRow, type Figures, wideColumns } from './dashboard-parts.tsx'

test('from 1,280 px the figures sit in as many columns as leave no card alone under a full row', () => {
	expect([1, 2, 3, 4, 5, 6, 7, 8].map(wideColumns)).toEqual([2, 2, 3, 4, 3, 3, 4, 4])
})

const none: Figures = { wallet: null, cover: null, staff: null, thisMonth: null, nextBill: null, renewals: null, claims: null }

async function render(figures: Figures) {
	const routes = [{ path: '/', element: <FigureRow figures={figures} kind="business" /> }]
	const context = await createStaticHandler(routes).query(new Request('http://localhost/'))
	if (context instanceof Response) throw new Error('no page')
	return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(routes, context)} context={context} hydrate={false} />)
}

test('an odd last figure spans both columns of a phone’s grid; an even count leaves every card in one', async () => {
	const three = await render({ ...none, wallet: { balance: 5000 }, claims: { open: 2 }, renewals: { due: 1, window_days: 30 } })
	expect(three).toContain('xl:grid-cols-3')
	expect(three.match(/<li /g)).toHaveLength(3)
	expect(three.match(/col-span-2 xl:col-span-1/g)).toHaveLength(1)
	// The wide one is the last.
	const last = three.lastIndexOf('<li ')
	expect(three.slice(last, three.indexOf('>', last))).toContain('col-span-2')
	const two = await render({ ...none, wallet: { balance: 5000 }, claims: { open: 2 } })
	expect(two).toContain('xl:grid-cols-2')
	expect(two).not.toContain('col-span-2')
	expect(await render(none)).toBe('')
})

import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import { EmptyState, NoRows } from './empty-state.tsx'
import { buttonClass } from './form.tsx'
import { SearchX } from './icons.tsx'

async function render(element: ReactNode) {
	const routes = [{ path: '/', element }]
	const context = await createStaticHandler(routes).query(new Request('http://localhost/'))
	if (context instanceof Response) throw new Error('no page')
	return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(routes, context)} context={context} hydrate={false} />)
}

const first = <p>Fund your wallet to get started.</p>

test('a list with no rows: nothing under a refused filter, a line past the last page, no match with the way back, else its first state', async () => {
	expect(await render(<NoRows noun="invoices" first={first} refused page={3} filtered clearTo="/invoice" />)).toBe('')
	expect(await render(<NoRows noun="invoices" first={first} page={3} filtered clearTo="/invoice" />)).toBe(
		'<p class="text-sm text-slate-600">There are no invoices on this page.</p>',
	)
	// With its first page, the same filters one click away.
	expect(
		await render(<NoRows noun="invoices" first={first} page={3} filtered clearTo="/invoice" firstPage="/invoice?status=paid" />),
	).toMatch(/There are no invoices on this page\.(<!-- -->)? <a [^>]*href="\/invoice\?status=paid"[^>]*>Go to the first page<\/a>/)
	const noMatch = await render(<NoRows noun="invoices" first={first} filtered clearTo="/invoice" />)
	expect(noMatch).toContain('No invoices match these filters.')
	expect(noMatch).toMatch(/<a [^>]*href="\/invoice"[^>]*>Clear the filters<\/a>/)
	expect(noMatch).not.toContain('Fund your wallet')
	const search = await render(
		<NoRows noun="staff" first={first} filtered clearTo="/employees" noMatch="No staff match this search." clearLabel="Clear the search" />,
	)
	expect(search).toContain('No staff match this search.')
	expect(search).toMatch(/href="\/employees"[^>]*>Clear the search</)
	expect(await render(<NoRows noun="invoices" first={first} />)).toBe('<p>Fund your wallet to get started.</p>')
})

test('an empty list’s next step is a link drawn as a primary button unless it says otherwise; none without one', async () => {
	const next = await render(<EmptyState icon={SearchX} title="No staff yet." next={{ to: '/import-staff', label: 'Import staff list' }} />)
	expect(next).toContain(`<a class="${buttonClass('primary')}" href="/import-staff"`)
	const back = await render(
		<EmptyState icon={SearchX} title="None." next={{ to: '/employees', label: 'Go to employees', kind: 'secondary' }} />,
	)
	expect(back).toContain(`class="${buttonClass('secondary')}"`)
	expect(await render(<EmptyState icon={SearchX} title="Nothing yet." />)).not.toContain('<a ')
})

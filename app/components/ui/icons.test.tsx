import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { CircleCheck, Menu } from '#app/components/ui/icons.tsx'

test('an icon is the markup lucide-react drew: lucide’s shapes in a 24-unit, stroked, decorative svg', () => {
	expect(renderToStaticMarkup(<CircleCheck className="size-3.5 shrink-0" strokeWidth={2.5} />)).toBe(
		'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
			'stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-circle-check size-3.5 shrink-0" ' +
			'aria-hidden="true"><circle cx="12" cy="12" r="10"></circle><path d="m16 9-5.5 5.5L8 12"></path></svg>',
	)
	expect(renderToStaticMarkup(<Menu />)).toBe(
		'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
			'stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-menu" aria-hidden="true">' +
			'<path d="M4 5h16"></path><path d="M4 12h16"></path><path d="M4 19h16"></path></svg>',
	)
})

test('an icon given a name is read out, not hidden', () => {
	const html = renderToStaticMarkup(<CircleCheck aria-label="Done" role="img" />)
	expect(html).toContain('aria-label="Done"')
	expect(html).toContain('role="img"')
	expect(html).not.toContain('aria-hidden')
})

test('the shapes are made once: every drawing of an icon holds the same elements', () => {
	const shapes = (element: ReturnType<typeof CircleCheck>) => (element.props as { children: unknown }).children
	const first = CircleCheck({ className: 'size-4' })
	const second = CircleCheck({ className: 'size-6' })
	expect(shapes(first)).toBe(shapes(second))
	expect(shapes(first)).toHaveLength(2)
})

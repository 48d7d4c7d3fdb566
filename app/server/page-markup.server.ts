import type { RouterContextProvider } from 'react-router'
import { pageMarkupContext } from './context.server.ts'

/**
 * Markup for the loader's data to carry, or null when this request is for a document (decision 148): the
 * markup then goes to the document's render only, under the id of the element that holds it, and the
 * browser reads it back from that element while hydrating (`useMarkupOnce`).
 */
export function markupOnce(context: Readonly<RouterContextProvider>, id: string, markup: string): string | null {
	const page = context.get(pageMarkupContext)
	if (!page) return markup
	page.set(id, markup)
	return null
}

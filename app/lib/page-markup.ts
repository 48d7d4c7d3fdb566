import { createContext, useContext, useState } from 'react'

/**
 * Markup that a page carries once (decision 148). The server made it once for many views (the spend chart's
 * pictures, decision 137) and puts it in the document. The data the browser hydrates from then holds null in
 * its place, where it would have held the same markup a second time, escaped inside a script.
 *
 * On the server the document's render finds the markup in this request's map (entry.server.tsx provides it).
 * In the browser, while hydrating, the element the server wrote already holds it, so it is read from there.
 * After a client-side navigation the loader's data carries the markup itself, since there is no page to read.
 */
const PageMarkupContext = createContext<ReadonlyMap<string, string> | null>(null)

export const PageMarkup = PageMarkupContext.Provider

/** What this browser read from its documents, by element id: a remount keeps the markup its page came with. */
const readFromDocument = new Map<string, string>()

function fromDocument(id: string) {
	if (typeof document === 'undefined') return ''
	let markup = readFromDocument.get(id)
	if (markup === undefined) {
		markup = document.getElementById(id)?.innerHTML ?? ''
		readFromDocument.set(id, markup)
	}
	return markup
}

/**
 * The markup for the element with this id: what the data carries, else what the document holds. The id
 * must name the markup's content (the chart's figures), so that other markup never takes its place.
 */
export function useMarkupOnce(id: string, carried: string | null): string {
	const page = useContext(PageMarkupContext)
	const [kept] = useState(() => (carried === null ? (page?.get(id) ?? fromDocument(id)) : ''))
	return carried ?? kept
}

import type { HeadersFunction } from 'react-router'

/** The kit's answers name who may frame them (X-Kit-Frame-Ancestors, turned into CSP by the server). */
export const kitHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
	const headers = new Headers()
	for (const from of [loaderHeaders, actionHeaders, errorHeaders]) {
		for (const name of ['X-Kit-Frame-Ancestors', 'Cache-Control']) {
			const value = from?.get(name)
			if (value) headers.set(name, value)
		}
	}
	return headers
}

/** The clear page of a kit link or session that cannot go on: the reason, and nothing else. */
export function KitProblem({ message }: { message: string }) {
	return (
		<section role="alert" aria-labelledby="kit-problem-heading" className="mt-10 rounded-xl border border-red-200 bg-white p-6 text-center">
			<h1 id="kit-problem-heading" className="text-xl font-bold">
				We cannot open this
			</h1>
			<p className="mt-2 text-slate-800">{message}</p>
		</section>
	)
}

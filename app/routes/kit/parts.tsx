import type { ReactNode } from 'react'
import { Form, type HeadersFunction } from 'react-router'
import { buttonClass } from '#app/components/ui/form.tsx'

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

/**
 * The top of a kit page that works on one policy (inspection, claim): whose kit it is, the title, the
 * policy, and Close while the session is open (a plain form, so it works without JavaScript).
 */
export function KitPageHeader({ partner, title, policy, open }: { partner: string; title: string; policy: ReactNode; open: boolean }) {
	return (
		<header className="mb-4 flex items-start justify-between gap-3">
			<div>
				<p className="text-sm text-slate-600">Cover Portal, for {partner}</p>
				<h1 className="text-xl font-bold">{title}</h1>
				{policy ? <p className="text-sm text-slate-700">{policy}</p> : null}
			</div>
			{open ? (
				<Form method="post">
					<button type="submit" name="intent" value="close" className={buttonClass('secondary')}>
						Close
					</button>
				</Form>
			) : null}
		</header>
	)
}

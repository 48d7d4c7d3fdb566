import { Disclosure } from '#app/components/ui/disclosure.tsx'
import { useLoaderData } from 'react-router'
import { formatDayTime } from '#api/contract/dates.ts'
import { throwIfNotFound } from '#app/server/api-errors.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/outbox'

export const meta: Route.MetaFunction = () => [{ title: 'Outbox · Cover Portal' }, { name: 'robots', content: 'noindex' }]

/** The local mail outbox of the embedded default: where codes and links go when no SMTP is set. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const to = new URL(request.url).searchParams.get('to') ?? undefined
	try {
		return { mails: (await apiFrom(context).getOutbox(to)).data, to }
	} catch (error) {
		throwIfNotFound(error, 'Page not found: /dev/outbox')
		throw error
	}
}

export default function Outbox() {
	const { mails, to } = useLoaderData<typeof loader>()
	return (
		<main id="main" className="mx-auto max-w-3xl space-y-4 p-6">
			<h1 className="text-2xl font-bold">Outbox</h1>
			<p className="text-sm text-slate-600">
				Mail the portal would have sent. Shown in demo mode without SMTP, to this machine unless OUTBOX_PUBLIC is set.
			</p>
			<form method="get" className="flex gap-2">
				<label htmlFor="to" className="sr-only">
					Recipient
				</label>
				<input
					id="to"
					name="to"
					defaultValue={to}
					placeholder="Filter by recipient"
					className="flex-1 rounded-md border border-slate-300 px-3 py-2"
				/>
				<button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white">
					Filter
				</button>
			</form>
			{mails.length === 0 ? <p>No mail yet.</p> : null}
			<ul className="space-y-3">
				{mails.map((m) => (
					<li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4 wrap-anywhere" data-testid="mail">
						<p className="text-sm text-slate-600">
							To <span data-testid="mail-to">{m.to}</span> · <time dateTime={m.created_at}>{formatDayTime(m.created_at)}</time>
						</p>
						<h2 className="font-semibold">{m.subject}</h2>
						{m.attachments.length > 0 ? (
							<p className="text-sm text-slate-600" data-testid="mail-attachments">
								Attached: {m.attachments.join(', ')}
							</p>
						) : null}
						{/* The mail's HTML in a sandbox: no script, no same origin, and the page's CSP still applies inside. */}
						{m.html ? (
							<iframe
								title={`HTML of the mail: ${m.subject}`}
								sandbox="allow-popups allow-popups-to-escape-sandbox"
								srcDoc={m.html}
								className="mt-2 h-[28rem] w-full rounded-md border border-slate-200"
								data-testid="mail-html"
							/>
						) : null}
						<Disclosure className="mt-2" summaryClassName="text-sm font-semibold" summary="Text part" open={!m.html}>
							<pre className="mt-2 whitespace-pre-wrap font-sans text-sm" data-testid="mail-text">
								{m.text}
							</pre>
						</Disclosure>
					</li>
				))}
			</ul>
		</main>
	)
}

import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { Id } from '#api/contract/common.ts'
import { Button, buttonClass } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { notify, notifyApiError } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/cards'
import { cardBrand, cardExpiry } from './parts.tsx'

const CardSchema = z.object({ intent: z.enum(['default', 'remove']), id: Id })

export const meta: Route.MetaFunction = () => [{ title: 'Manage cards · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'cards.manage')
	const { data: cards } = await apiFrom(args.context).getCards()
	return { cards }
}

export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'cards.manage')
	const submission = parseWithZod(await readForm(args.request), { schema: CardSchema })
	if (submission.status !== 'success') {
		return notify(400, 'We could not find that card. Reload the page and try again.')
	}
	const { intent, id } = submission.value
	const api = apiFrom(args.context)
	try {
		const done = intent === 'default' ? await api.makeCardDefault(id) : await api.removeCard(id)
		const fallback = intent === 'default' ? 'Default card changed.' : 'Card removed.'
		return redirectWithToast(args.request, '/manage-card', toastFor(200, done.message ?? fallback))
	} catch (error) {
		return notifyApiError(error)
	}
}

/** Make default and Remove are each a small form of their own, so they work without JavaScript. */
function CardButton({ id, intent, label, card }: { id: string; intent: 'default' | 'remove'; label: string; card: string }) {
	return (
		<Form method="post" className="inline-block">
			<input type="hidden" name="id" value={id} />
			<Button type="submit" name="intent" value={intent} variant="secondary" className="min-h-9 px-3 py-1 text-sm">
				{label}
				<span className="sr-only"> the {card}</span>
			</Button>
		</Form>
	)
}

export default function ManageCards() {
	const { cards } = useLoaderData<typeof loader>()
	return (
		<>
			<h1 className="text-2xl font-bold">Manage cards</h1>
			<p className="mt-1 text-slate-600">Cards saved from your payments. The default card is the one we offer first.</p>
			<div className="mt-6 space-y-4">
				{cards.length === 0 ? (
					<div className={panelClass}>
						<p className="font-medium">No saved cards yet.</p>
						<p className="mt-1 text-sm text-slate-600">
							A card is saved when you fund your wallet with it and the payment succeeds. You can then make it the default or remove it
							here.
						</p>
						<Link to="/fund-wallet" className={buttonClass('primary', 'mt-4')}>
							Fund wallet
						</Link>
					</div>
				) : (
					<ul className={`divide-y divide-slate-100 ${panelClass}`} aria-label="Saved cards">
						{cards.map((card) => {
							const name = `${cardBrand(card.brand)} card ending ${card.last4}`
							return (
								<li key={card.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
									<div>
										<p className="font-medium">
											{cardBrand(card.brand)} <span aria-hidden>•••• </span>
											<span className="sr-only">ending </span>
											{card.last4}
											{card.is_default ? (
												<span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Default</span>
											) : null}
										</p>
										<p className="text-sm text-slate-600">
											Expires {cardExpiry(card)}
											{card.bank ? ` · ${card.bank}` : ''}
										</p>
									</div>
									<div className="flex flex-wrap gap-2">
										{card.is_default ? null : <CardButton id={card.id} intent="default" label="Make default" card={name} />}
										<CardButton id={card.id} intent="remove" label="Remove" card={name} />
									</div>
								</li>
							)
						})}
					</ul>
				)}
			</div>
		</>
	)
}

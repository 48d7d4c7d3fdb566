import { Gift } from '#app/components/ui/icons.tsx'
import { useLoaderData, useLocation } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { CopyButton } from '#app/components/copy-button.tsx'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { buttonClass } from '#app/components/ui/form.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { dialogHref, readDialog } from '#app/lib/query.ts'
import { whatsAppShare } from '#app/lib/share.ts'
import { requireReadyUser } from '#app/server/auth.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/index'
import { plural } from '#app/lib/plural.ts'

// Rewards and referrals (docs/decisions/112-referral-rewards.md): the summary, the link, how it works.

export const meta: Route.MetaFunction = () => [{ title: 'Rewards · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requireReadyUser(args)
	const { data: rewards } = await apiFrom(args.context).getRewards()
	return { rewards, dialog: readDialog(new URL(args.request.url).searchParams, ['terms'] as const) }
}

export default function Rewards() {
	const { rewards, dialog } = useLoaderData<typeof loader>()
	const location = useLocation()
	const here = location.pathname + location.search
	const reward = formatNairaFull(rewards.reward)
	const referrals = (n: number) => plural(n, 'referral')
	const figures = [
		{ label: 'Paid into your wallet', value: formatNairaFull(rewards.paid_total), note: referrals(rewards.counts.paid) },
		{ label: 'Earned, being paid', value: formatNairaFull(rewards.earned_total), note: referrals(rewards.counts.earned) },
		{
			label: 'Waiting to qualify',
			value: String(rewards.counts.pending),
			note: rewards.counts.pending === 1 ? 'account you referred' : 'accounts you referred',
		},
	]
	return (
		<div className="space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h1 className="text-2xl font-bold">Rewards</h1>
				<Link to="/rewards/all" className={buttonClass('secondary')}>
					See all rewards
				</Link>
			</div>
			<ul className="grid gap-4 sm:grid-cols-3" aria-label="Your rewards">
				{figures.map((f) => (
					<li key={f.label} className="rounded-xl border border-slate-200 bg-white p-5">
						<p className="text-sm text-slate-600">{f.label}</p>
						<p className="text-3xl font-bold">{f.value}</p>
						<p className="text-sm text-slate-600">{f.note}</p>
					</li>
				))}
			</ul>
			<Panel id="link-heading" title="Your referral link">
				<p className="mb-3 text-slate-700">
					Share it with a business or a person who needs cover. Your code is <strong className="font-mono">{rewards.code}</strong>.
				</p>
				<div className="flex flex-wrap items-center gap-2">
					<label htmlFor="referral-link" className="sr-only">
						Referral link
					</label>
					<input
						id="referral-link"
						readOnly
						value={rewards.link}
						className="min-h-11 min-w-0 grow basis-full rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-sm sm:basis-0"
					/>
					<CopyButton text={rewards.link} />
					{/* Most customers share by WhatsApp: its link opens the chat with the message written, with or without JavaScript. */}
					<a href={whatsAppShare(rewards.link)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
						Share on WhatsApp<span className="sr-only"> (opens WhatsApp)</span>
					</a>
				</div>
			</Panel>
			<Panel id="how-heading" title="How it works">
				<ol className="list-decimal space-y-2 pl-5 text-slate-700">
					<li>Share your link. Whoever opens an account through it is listed in your rewards as pending.</li>
					<li>They buy cover and keep it for {rewards.qualifying_days} days without cancelling it.</li>
					<li>You earn {reward}, paid into your wallet: spend it on cover or withdraw it to your bank. Their premium stays the same.</li>
				</ol>
				<p className="mt-4 flex items-center gap-2 text-sm">
					<Gift aria-hidden className="size-4 text-brand-700" />
					<Link to={dialogHref(here, 'terms')} preventScrollReset className="font-medium text-brand-700 underline">
						Reward terms
					</Link>
				</p>
			</Panel>
			{dialog === 'terms' ? (
				<Dialog title="Reward terms" closeTo={dialogHref(here, null)}>
					<ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
						<li>
							A reward is {reward} per account referred, once it has kept paid cover for {rewards.qualifying_days} days.
						</li>
						<li>Rewards are paid into the wallet, never as a discount on a premium: premiums are the approved rates.</li>
						<li>An account of your own business, or cover paid with a card your business uses, earns nothing.</li>
						<li>An earned reward is paid once your account has finished its business details.</li>
					</ul>
				</Dialog>
			) : null}
		</div>
	)
}

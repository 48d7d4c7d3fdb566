import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirectDocument, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { formatDay, formatDays } from '#api/contract/dates.ts'
import { Link } from '#app/components/ui/link.tsx'
import { PaymentOptions } from '#app/components/payment-options.tsx'
import { FormError, SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import { Details, Panel } from '#app/components/ui/panel.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { PERIOD_VALUES, type Period, isPeriod, periodLabel } from '#app/lib/periods.ts'
import { orNotFound, orNotShown } from '#app/server/api-errors.server.ts'
import { readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { authorizePurchase, purchaseKey } from '#app/server/purchase.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/renew'
import { loadPolicy } from './mycover.server.ts'
import { PolicyCrumb } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Renew · My cover · Cover Portal' }]

const RenewSchema = z.object({
	period: z.enum(PERIOD_VALUES, { message: 'Choose a period of cover.' }),
	payment_option: z.enum(['wallet', 'gateway'], { message: 'Choose how to pay.' }),
	idempotency_key: z.string({ message: 'Reload the page and try again.' }),
})

/** The policy, the new cover period and its price for the period chosen (?period=), and the wallet. */
async function loadRenewal(args: Route.LoaderArgs | Route.ActionArgs, period: string | null) {
	await authorizePurchase(args)
	const api = apiFrom(args.context)
	const policy = await loadPolicy(api, args.params.planId)
	const offer = (await orNotFound(api.getRenewal(policy.id, isPeriod(period) ? period : undefined), 'This cover is not renewed.')).data
	return { api, policy, offer }
}

/**
 * Renew a policy (docs/decisions/091-renewals.md): the new cover period and price for a period the
 * product offers, paid like a purchase from the wallet or through the gateway, whose callback renews.
 */
export async function loader(args: Route.LoaderArgs) {
	const { api, policy, offer } = await loadRenewal(args, new URL(args.request.url).searchParams.get('period'))
	const balance = (await orNotShown(api.getWallet()))?.data.balance ?? null
	return { policy, offer, balance, key: purchaseKey() }
}

export async function action(args: Route.ActionArgs) {
	const form = await readForm(args.request)
	const submission = parseWithZod(form, { schema: RenewSchema })
	const { api, policy } = await loadRenewal(args, String(form.get('period') ?? ''))
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	let renewed
	try {
		renewed = await api.renew(policy.id, submission.value)
	} catch (error) {
		return replyWithApiError(submission, error)
	}
	// The gateway's checkout is a page of its own; it sends the payer back to the purchase callback.
	if (renewed.data.payment) return redirectDocument(renewed.data.payment.authorization_url)
	return redirectWithToast(args.request, `/mycover/${policy.id}`, {
		type: 'success',
		description: renewed.message ?? `Policy ${policy.policy_number} is renewed.`,
	})
}

export default function Renew() {
	const { policy, offer, balance, key } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({ id: 'renew', lastResult: actionData?.result })
	const periods = offer.periods as Period[]
	return (
		<>
			<PolicyCrumb policy={policy} />
			<h1 className="mt-2 text-2xl font-bold">Renew {policy.product_name}</h1>
			<p className="mt-1 text-slate-600">
				{policy.is_expired ? `Cover ended on ${formatDay(policy.cover_end)}.` : `Cover runs to ${formatDay(policy.cover_end)}.`} A renewed
				policy keeps its number, {policy.policy_number}.
			</p>
			<div className="mt-6 space-y-6">
				<Panel id="renewal-heading" title="The new cover">
					<Details
						items={[
							{ label: 'Period', value: periodLabel(offer.period as Period) },
							{ label: 'Cover', value: formatDays(offer.cover_start, offer.cover_end) },
							{ label: 'Price', value: formatNairaFull(offer.amount) },
						]}
					/>
					{periods.length > 1 ? (
						// A plain GET form: the price of another period without JavaScript.
						<Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
							<fieldset>
								<legend className="text-sm font-medium text-slate-800">Renew for</legend>
								<div className="mt-1 flex flex-wrap gap-4">
									{periods.map((p) => (
										<label key={p} className="flex gap-2 text-sm">
											<input type="radio" name="period" value={p} defaultChecked={p === offer.period} />
											<span>{periodLabel(p)}</span>
										</label>
									))}
								</div>
							</fieldset>
							<button type="submit" className={buttonClass('secondary')}>
								Show the price
							</button>
						</Form>
					) : null}
				</Panel>
				{offer.renewable ? (
					<Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5" {...getFormProps(form)}>
						<FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.idempotency_key.errors ?? [])]} />
						<input type="hidden" name="period" value={offer.period} />
						<input type="hidden" name="idempotency_key" value={key} />
						<PaymentOptions meta={fields.payment_option} total={offer.amount} balance={balance} />
						<div className="flex flex-wrap gap-3">
							<SubmitButton pendingText="Renewing…">Renew for {formatNairaFull(offer.amount)}</SubmitButton>
							<Link to={`/mycover/${policy.id}`} className={buttonClass('secondary')}>
								Cancel
							</Link>
						</div>
					</Form>
				) : (
					<p className="rounded-xl border border-slate-200 bg-white p-5 text-sm">
						This policy cannot be renewed now: renewal opens 14 days before cover ends and closes 30 days after it.
					</p>
				)}
			</div>
		</>
	)
}

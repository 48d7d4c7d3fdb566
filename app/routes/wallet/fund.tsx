import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirectDocument, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { Field, FormError, SubmitButton, buttonClass, inputProps } from '#app/components/ui/form.tsx'
import { NairaInput } from '#app/components/ui/inputs.tsx'
import { Naira } from '#app/components/ui/naira.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import { nairaInputSchema } from '#app/lib/number-input-schemas.ts'
import { orNotShown } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { Route } from './+types/fund'

// The least and most of one funding are the API's rules: its messages come back beside the field.
const FundSchema = z.object({
	amount: nairaInputSchema,
	idempotency_key: z.string({ message: 'Reload the page and try again.' }),
})

export const meta: Route.MetaFunction = () => [{ title: 'Fund your wallet · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	await requirePermission(args, 'wallet.fund')
	// A role may fund without seeing the wallet: the page then goes without the balance and limits.
	const wallet = await orNotShown(apiFrom(args.context).getWallet())
	return {
		balance: wallet?.data.balance ?? null,
		limits: wallet ? { min: wallet.data.limits.amount_min, max: wallet.data.limits.fund_max } : null,
		// A new key each time the page is drawn: a double submit of this page starts one payment.
		idempotencyKey: `fund-${crypto.randomUUID()}`,
		constraint: formConstraint(FundSchema),
	}
}

export async function action(args: Route.ActionArgs) {
	await requirePermission(args, 'wallet.fund')
	const submission = parseWithZod(await readForm(args.request), { schema: FundSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	let checkout
	try {
		checkout = await apiFrom(args.context).fundWallet(submission.value)
	} catch (error) {
		return replyWithApiError(submission, error)
	}
	// The gateway's checkout is a page of its own (with the sandbox, served by the API): a full load.
	return redirectDocument(checkout.data.authorization_url)
}

export default function FundWallet() {
	const { balance, limits, idempotencyKey, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({ id: 'fund-wallet', lastResult: actionData?.result, constraint })
	const hint = limits ? `From ${formatNairaFull(limits.min)} to ${formatNairaFull(limits.max)}, in whole Naira.` : 'In whole Naira.'
	return (
		<>
			<h1 className="text-2xl font-bold">Fund your wallet</h1>
			{balance === null ? null : (
				<p className="mt-1 text-slate-600">
					Balance now: <Naira amount={balance} className="font-semibold text-slate-900" />
				</p>
			)}
			<Form method="post" className={`mt-6 space-y-5 ${panelClass}`} {...getFormProps(form)}>
				<FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.idempotency_key.errors ?? [])]} />
				<p className="text-sm text-slate-700">
					You pay on the secure page of our payment gateway, then come back here. A card you pay with is saved for next time.
				</p>
				<input type="hidden" name={fields.idempotency_key.name} value={idempotencyKey} />
				<Field label="Amount" hint={hint} id={fields.amount.id} errorId={fields.amount.errorId} errors={fields.amount.errors}>
					<NairaInput {...inputProps(fields.amount, { type: 'text' })} placeholder="₦25,000" autoComplete="off" />
				</Field>
				<div className="flex flex-wrap gap-3">
					<SubmitButton pendingText="Opening the payment page…">Continue to payment</SubmitButton>
					<Link to="/wallet" className={buttonClass('secondary')}>
						Cancel
					</Link>
				</div>
			</Form>
		</>
	)
}

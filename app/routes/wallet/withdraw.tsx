import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { Form, useActionData, useLoaderData } from 'react-router'
import { Link } from '#app/components/ui/link.tsx'
import { Button, Field, FormError, Select, Stepper, SubmitButton, TextField, buttonClass, inputProps } from '#app/components/ui/form.tsx'
import { NairaInput, NumberInput } from '#app/components/ui/inputs.tsx'
import { Naira } from '#app/components/ui/naira.tsx'
import { Details } from '#app/components/ui/panel.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import type { Route } from './+types/withdraw'
import { loadWithdraw, withdrawAction } from './withdraw.server.ts'
import type { KeepAliveHandle } from '#app/client/keep-alive.ts'

const STEPS = ['Account and amount', 'Code']

export const meta: Route.MetaFunction = () => [{ title: 'Withdraw · Cover Portal' }]

export const loader = (args: Route.LoaderArgs) => loadWithdraw(args)
export const action = (args: Route.ActionArgs) => withdrawAction(args)

type Loaded = Awaited<ReturnType<typeof loadWithdraw>>
type Result = NonNullable<ReturnType<typeof useActionData<typeof action>>>

/**
 * Kept alive (spec section 2, app/client/keep-alive.ts): someone checking the wallet or a transaction
 * in the middle of a withdrawal finds the bank and account number as they left them.
 */
export const handle: KeepAliveHandle = { keepAlive: true }

export default function Withdraw() {
	const loaded = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<>
			<h1 className="text-2xl font-bold">Withdraw to a bank account</h1>
			<div className="mt-4">
				<Stepper steps={STEPS} current={loaded.step === 'code' ? 1 : 0} />
			</div>
			{loaded.step === 'code' ? (
				<CodeStep key={loaded.withdrawal.id} {...loaded} actionData={actionData} />
			) : (
				<DetailsStep {...loaded} actionData={actionData} />
			)}
		</>
	)
}

function DetailsStep({
	banks,
	balance,
	threshold,
	idempotencyKey,
	constraint,
	actionData,
}: Extract<Loaded, { step: 'details' }> & { actionData: Result | undefined }) {
	const [form, fields] = useForm({ id: 'withdraw', lastResult: actionData?.result, constraint })
	const account = actionData && 'account' in actionData ? actionData.account : null
	const { key: _key, ...bankProps } = getSelectProps(fields.bank_code)
	return (
		<Form method="post" className={`space-y-5 ${panelClass}`} {...getFormProps(form)}>
			<FormError id={form.errorId} errors={[...(form.errors ?? []), ...(fields.idempotency_key.errors ?? [])]} />
			{balance === null ? null : (
				<p className="text-slate-700">
					Your wallet has <Naira amount={balance} className="font-semibold text-slate-900" />.
				</p>
			)}
			<input type="hidden" name={fields.idempotency_key.name} value={idempotencyKey} />
			<Field label="Bank" id={fields.bank_code.id} errorId={fields.bank_code.errorId} errors={fields.bank_code.errors}>
				<Select {...bankProps}>
					<option value="">Choose a bank</option>
					{banks.map((b) => (
						<option key={b.code} value={b.code}>
							{b.name}
						</option>
					))}
				</Select>
			</Field>
			<Field
				label="Account number"
				hint="The 10-digit NUBAN account number."
				id={fields.account_number.id}
				errorId={fields.account_number.errorId}
				errors={fields.account_number.errors}
			>
				<NumberInput {...inputProps(fields.account_number, { type: 'text' })} maxLength={10} autoComplete="off" />
			</Field>
			<div className="space-y-2">
				<Button type="submit" name="intent" value="resolve" variant="secondary" formNoValidate>
					Check account
				</Button>
				{account ? (
					<p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900">
						Account name: <strong>{account.account_name}</strong> ({account.bank_name} {account.account_number})
					</p>
				) : null}
			</div>
			<Field
				label="Amount"
				hint={`A transfer fee is added: ₦10 up to ₦5,000, ₦25 up to ₦50,000, ₦50 above.${
					threshold === null ? '' : ` Above ${formatNairaFull(threshold)}, another member who may withdraw must approve.`
				}`}
				id={fields.amount.id}
				errorId={fields.amount.errorId}
				errors={fields.amount.errors}
			>
				<NairaInput {...inputProps(fields.amount, { type: 'text' })} autoComplete="off" />
			</Field>
			<p className="text-sm text-slate-600">We email you a code to confirm the withdrawal before any money is sent.</p>
			<div className="flex flex-wrap gap-3">
				<SubmitButton name="intent" value="withdraw" pendingText="Sending the code…">
					Withdraw
				</SubmitButton>
				<Link to="/wallet" className={buttonClass('secondary')}>
					Cancel
				</Link>
			</div>
		</Form>
	)
}

function CodeStep({ withdrawal, constraint, actionData }: Extract<Loaded, { step: 'code' }> & { actionData: Result | undefined }) {
	const [form, fields] = useForm({ id: 'withdraw-code', lastResult: actionData?.result, constraint })
	return (
		<div className="space-y-6">
			<section aria-labelledby="withdrawal-heading" className={panelClass}>
				<h2 id="withdrawal-heading" className="mb-4 font-semibold">
					Your withdrawal
				</h2>
				<Details
					items={[
						{ label: 'Amount', value: formatNairaFull(withdrawal.amount) },
						{ label: 'Transfer fee', value: formatNairaFull(withdrawal.fee) },
						{ label: 'Taken from your wallet', value: formatNairaFull(withdrawal.total) },
						{
							label: 'To',
							value: `${withdrawal.bank.account_name}, ${withdrawal.bank.bank_name} ${withdrawal.bank.account_number}`,
						},
					]}
				/>
				{withdrawal.needsApproval ? (
					<p className="mt-4 text-sm text-amber-900">
						This amount is above the approval limit: after your code, it waits for a second approval from another member who may withdraw.
					</p>
				) : null}
			</section>
			<Form method="post" className={`space-y-4 ${panelClass}`} {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<p className="text-sm text-slate-700">We emailed you a 6-digit code. It expires in 10 minutes.</p>
				<input type="hidden" name="id" value={withdrawal.id} />
				<TextField field={fields.otp} label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
				<div className="flex flex-wrap items-center gap-3">
					<SubmitButton name="intent" value="confirm" pendingText="Confirming…">
						Confirm withdrawal
					</SubmitButton>
					<Button type="submit" name="intent" value="resend" variant="secondary" formNoValidate>
						Send a new code
					</Button>
					<Button type="submit" name="intent" value="cancel" variant="link" formNoValidate>
						Cancel withdrawal
					</Button>
				</div>
			</Form>
		</div>
	)
}

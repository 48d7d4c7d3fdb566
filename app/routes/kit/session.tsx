import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { KitDetailsBody, type KitSession } from '#api/contract/kit.ts'
import { QuoteFields, QuoteLines } from '#app/components/quote-fields.tsx'
import { FormError, SubmitButton, TextField, buttonClass } from '#app/components/ui/form.tsx'
import { PhoneField } from '#app/components/ui/phone-input.tsx'
import { Stepper } from '#app/components/ui/form.tsx'
import { formatNairaFull } from '#app/lib/money.ts'
import type { KitEvent } from '#app/lib/kit.ts'
import { KIT_SESSION_MISSING } from '#app/lib/kit-session.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { kitFrameHeaders, kitProblemOf } from '#app/server/kit.server.ts'
import { loadProduct, quoteConstraint } from '#app/server/product.server.ts'
import { purchaseKey, quoteFields } from '#app/server/purchase.server.ts'
import type { Route } from './+types/session'
import { KitBridge } from './bridge.tsx'
import { KitProblem, kitHeaders } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Cover kit' }, { name: 'robots', content: 'noindex' }]

export const headers: Route.HeadersFunction = kitHeaders

const STEPS = ['quote', 'details', 'pay'] as const
const STEP_LABELS = ['Quote', 'Details', 'Pay']
type Step = (typeof STEPS)[number]

const DetailsSchema = z.object({ intent: z.literal('details') }).extend(KitDetailsBody.shape)
const IntentSchema = z.object({ intent: z.enum(['quote', 'details', 'buy', 'close']) })

/** Where a session stands; a step asked for in the URL is honoured only once the ones before it are done. */
function stepOf(session: KitSession, asked: string | null): Step | 'done' | 'closed' {
	if (session.status === 'closed') return 'closed'
	if (session.status === 'completed') return 'done'
	if (session.purchase) return 'pay'
	const reached: Step = !session.draft.quote ? 'quote' : !session.draft.details ? 'details' : 'pay'
	const wanted = STEPS.find((s) => s === asked) ?? reached
	return STEPS.indexOf(wanted) <= STEPS.indexOf(reached) ? wanted : reached
}

/** The session, or the clear page of a session that cannot go on (any frame may show that). */
async function sessionOr(api: InsurerCalls, id: string) {
	try {
		return { session: (await api.getKitSession(id)).data }
	} catch (error) {
		const { problem, status } = kitProblemOf(error)
		return {
			problem: data(
				{ problem, session: null, step: null, product: null, quote: null, constraint: null, key: null },
				{ status, headers: kitFrameHeaders(null) },
			),
		}
	}
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const api = apiFrom(context)
	const found = await sessionOr(api, params.sessionId)
	if (found.problem) return found.problem
	const session = found.session!
	// An inspect session takes its photos on its own page, where the camera is allowed (decision 106).
	if (session.action === 'inspect') throw redirect(`/kit/${session.id}/inspect`, { headers: kitFrameHeaders(session.origin) })
	// A claim session makes its claim on its own page too (decision 122).
	if (session.action === 'claim') throw redirect(`/kit/${session.id}/claim`, { headers: kitFrameHeaders(session.origin) })
	const step = stepOf(session, new URL(request.url).searchParams.get('step'))
	const product = session.product_id !== null ? await loadProduct(api, String(session.product_id)) : null
	const quote =
		step === 'pay' && product && session.draft.quote
			? await api.computePrice({ ...session.draft.quote, product_id: String(product.id) }).then(
					(r) => r.data,
					() => null,
				)
			: null
	return data(
		{
			problem: null,
			session,
			step,
			product,
			quote,
			constraint:
				step === 'quote' && product ? quoteConstraint(product.purchase_fields) : step === 'details' ? formConstraint(DetailsSchema) : null,
			key: purchaseKey(),
		},
		{ headers: kitFrameHeaders(session.origin) },
	)
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const api = apiFrom(context)
	const found = await sessionOr(api, params.sessionId)
	if (found.problem) return found.problem
	const session = found.session!
	const formData = await readForm(request)
	const intent = IntentSchema.safeParse(Object.fromEntries(formData))
	const headers = kitFrameHeaders(session.origin)
	const here = `/kit/${session.id}`
	if (!intent.success) return data({ result: null, message: 'Send the form from its page.' }, { status: 400, headers })
	switch (intent.data.intent) {
		case 'close': {
			await api.closeKit(session.id)
			throw redirect(here, { headers })
		}
		case 'quote': {
			const product = await loadProduct(api, String(session.product_id))
			const submission = parseWithZod(formData, { schema: z.looseObject({ intent: z.literal('quote') }) })
			const fields = quoteFields(product.purchase_fields, formData)
			try {
				// The portal's own pricing and rules: the API reads the fields as typed and answers each one's message.
				await api.computePrice({ ...fields, product_id: String(product.id) })
				await api.saveKitQuote(session.id, fields)
			} catch (error) {
				const failed = replyWithApiError(submission, error)
				return data({ result: failed.data.result, message: null }, { status: failed.init?.status ?? 400, headers })
			}
			throw redirect(`${here}?step=details`, { headers })
		}
		case 'details': {
			const submission = parseWithZod(formData, { schema: DetailsSchema })
			if (submission.status !== 'success') return data({ result: submission.reply(), message: null }, { status: 400, headers })
			const { intent: _intent, ...details } = submission.value
			try {
				await api.saveKitDetails(session.id, details)
			} catch (error) {
				const failed = replyWithApiError(submission, error)
				return data({ result: failed.data.result, message: null }, { status: failed.init?.status ?? 400, headers })
			}
			throw redirect(`${here}?step=pay`, { headers })
		}
		case 'buy': {
			const submission = parseWithZod(formData, { schema: z.object({ intent: z.literal('buy'), idempotency_key: z.string().min(8) }) })
			if (submission.status !== 'success') return data({ result: submission.reply(), message: null }, { status: 400, headers })
			try {
				await api.kitBuy(session.id, submission.value.idempotency_key)
			} catch (error) {
				const failed = replyWithApiError(submission, error)
				return data({ result: failed.data.result, message: null }, { status: failed.init?.status ?? 400, headers })
			}
			throw redirect(`${here}?step=pay`, { headers })
		}
	}
}

function outcomeOf(session: KitSession | null, step: string | null): KitEvent | null {
	if (session && step === 'closed') return { type: 'cover-kit:close', session_id: session.id, reference: session.reference }
	if (!session || step !== 'done') return null
	return {
		type: 'cover-kit:success',
		session_id: session.id,
		reference: session.reference,
		policy_number: session.purchase?.policy_number ?? null,
	}
}

export default function KitSessionPage() {
	const loaded = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	if (loaded.problem || !loaded.session) {
		return (
			<>
				<KitBridge hostOrigin={null} outcome={null} />
				<KitProblem message={loaded.problem ?? KIT_SESSION_MISSING} />
			</>
		)
	}
	const { session, step, product } = loaded
	const lastResult = actionData && 'result' in actionData ? actionData.result : undefined
	return (
		<>
			<KitBridge hostOrigin={session.origin} outcome={outcomeOf(session, step)} />
			<header className="mb-4 flex items-start justify-between gap-3">
				<div>
					<p className="text-sm text-slate-600">Cover Portal, for {session.partner}</p>
					<h1 className="text-xl font-bold">{product ? product.name : 'Your cover'}</h1>
				</div>
				{step === 'done' || step === 'closed' ? null : (
					<Form method="post">
						<button type="submit" name="intent" value="close" className={buttonClass('secondary')}>
							Close
						</button>
					</Form>
				)}
			</header>
			{step === 'quote' || step === 'details' || step === 'pay' ? <Stepper steps={STEP_LABELS} current={STEPS.indexOf(step)} /> : null}
			{step === 'quote' && product ? (
				<QuoteStep
					fields={product.purchase_fields}
					values={session.draft.quote ?? session.prefill}
					constraint={loaded.constraint ?? undefined}
					lastResult={lastResult}
				/>
			) : null}
			{step === 'details' ? (
				<DetailsStep
					values={session.draft.details ?? session.prefill}
					constraint={loaded.constraint ?? undefined}
					lastResult={lastResult}
				/>
			) : null}
			{step === 'pay' ? <PayStep session={session} quote={loaded.quote} idempotencyKey={loaded.key} lastResult={lastResult} /> : null}
			{step === 'done' ? <Done session={session} /> : null}
			{step === 'closed' ? (
				<section role="status" className="rounded-xl border border-slate-200 bg-white p-5">
					<h2 className="text-lg font-semibold">Closed</h2>
					<p className="mt-1">{session.purchase ? 'This session is over.' : 'Nothing was bought.'} You can close this window.</p>
				</section>
			) : null}
		</>
	)
}

type Constraint = Parameters<typeof useForm>[0]['constraint']

function QuoteStep({
	fields,
	values,
	constraint,
	lastResult,
}: {
	fields: Parameters<typeof QuoteFields>[0]['fields']
	values: Record<string, string>
	constraint: Constraint
	lastResult: unknown
}) {
	const [form, metas] = useForm<Record<string, string>>({
		id: 'kit-quote',
		lastResult: lastResult as never,
		constraint,
		defaultValue: values,
	})
	return (
		<Form method="post" className="space-y-5" {...getFormProps(form)}>
			<FormError id={form.errorId} errors={form.errors} />
			<QuoteFields fields={fields} metas={metas} />
			<SubmitButton name="intent" value="quote" pendingText="Pricing…">
				Continue
			</SubmitButton>
		</Form>
	)
}

function DetailsStep({ values, constraint, lastResult }: { values: Record<string, string>; constraint: Constraint; lastResult: unknown }) {
	const [form, fields] = useForm({
		id: 'kit-details',
		lastResult: lastResult as never,
		constraint,
		defaultValue: { full_name: values.full_name, email: values.email, phone: values.phone },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: DetailsSchema }),
		shouldRevalidate: 'onBlur',
	})
	return (
		<Form method="post" className="space-y-4" {...getFormProps(form)}>
			<FormError id={form.errorId} errors={form.errors} />
			<TextField field={fields.full_name} label="Full name" autoComplete="name" />
			<TextField field={fields.email} label="Email address" type="email" autoComplete="email" hint="Your policy is sent here." />
			<PhoneField field={fields.phone} />
			<div className="flex flex-wrap gap-3">
				<a href="?step=quote" className={buttonClass('secondary')}>
					Back
				</a>
				<SubmitButton name="intent" value="details" pendingText="Saving…">
					Continue
				</SubmitButton>
			</div>
		</Form>
	)
}

function PayStep({
	session,
	quote,
	idempotencyKey,
	lastResult,
}: {
	session: KitSession
	quote: { lines: Array<{ label: string; amount: number }>; total: number } | null
	idempotencyKey: string
	lastResult: unknown
}) {
	const [form] = useForm({ id: 'kit-buy', lastResult: lastResult as never })
	const payment = session.purchase?.payment
	const errors = form.errors ?? (lastResult as { error?: Record<string, string[]> } | undefined)?.error?.idempotency_key
	return (
		<div className="space-y-5">
			{quote ? (
				<section aria-labelledby="kit-quote-heading" className="rounded-xl border border-slate-200 bg-white p-4">
					<h2 id="kit-quote-heading" className="mb-2 font-semibold">
						Your quote
					</h2>
					<QuoteLines quote={quote} />
				</section>
			) : null}
			{session.draft.details ? (
				<p className="text-sm text-slate-700">
					For {session.draft.details.full_name}, {session.draft.details.email}, {session.draft.details.phone}.{' '}
					{session.purchase ? null : (
						<a href="?step=details" className="text-brand-700 underline">
							Change
						</a>
					)}
				</p>
			) : null}
			{payment && payment.status !== 'success' ? (
				<div role="status" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
					<p>
						{payment.status === 'failed'
							? 'The payment did not go through. You were not charged. Try the checkout again.'
							: `Pay ${formatNairaFull(session.purchase!.amount)} on the secure checkout. It opens in a new window; come back here when you have paid.`}
					</p>
					<div className="flex flex-wrap gap-3">
						<a href={payment.authorization_url} target="_blank" rel="noopener" className={buttonClass('primary')}>
							Open the checkout
						</a>
						<a href="?step=pay" className={buttonClass('secondary')}>
							I have paid
						</a>
					</div>
				</div>
			) : (
				<Form method="post" className="space-y-3" {...getFormProps(form)}>
					<FormError id={form.errorId} errors={errors} />
					<input type="hidden" name="idempotency_key" value={idempotencyKey} />
					<p className="text-sm text-slate-700">
						{session.payment_option === 'wallet'
							? `${session.partner} pays for this cover.`
							: 'You pay by card on the secure checkout, which opens in a new window.'}
					</p>
					<SubmitButton name="intent" value="buy" pendingText="Buying…">
						{quote ? `Buy for ${formatNairaFull(quote.total)}` : 'Buy'}
					</SubmitButton>
				</Form>
			)}
		</div>
	)
}

function Done({ session }: { session: KitSession }) {
	return (
		<section role="status" aria-labelledby="kit-done-heading" className="rounded-xl border border-emerald-300 bg-emerald-50 p-5">
			<h2 id="kit-done-heading" className="text-lg font-semibold">
				You are covered
			</h2>
			<p className="mt-1">
				Your policy number is <strong>{session.purchase?.policy_number}</strong>. We have told {session.partner}; you can close this window.
			</p>
		</section>
	)
}

import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { OtpCode } from '#api/contract/common.ts'
import { Field, FormError, Stepper, SubmitButton, TextInput, inputProps } from '#app/components/ui/form.tsx'
import { pendingStep } from '#app/lib/account.ts'
import { safeReturnUrl, withReturnUrl } from '#app/lib/return-url.ts'
import { requireUser } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/verify-account'
import { BUY_STEP, BUY_STEPS, isBuyJourney } from '../register/steps.ts'
import { REGISTER_STEPS } from './register.tsx'

const VerifySchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('verify'), otp: OtpCode }),
	z.object({ intent: z.literal('resend') }),
])

/** The step still missing, or the return_url of the query (a purchase to pay, decision 017), or home. */
function nextStep(user: Parameters<typeof pendingStep>[0], request: Request) {
	const returnUrl = new URL(request.url).searchParams.get('return_url')
	const step = pendingStep(user)
	return step ? withReturnUrl(step, returnUrl) : safeReturnUrl(returnUrl)
}

export const meta: Route.MetaFunction = () => [{ title: 'Verify your email · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	const user = await requireUser(args)
	if (user.email_verified_at) throw redirect(nextStep(user, args.request))
	return {
		email: user.email,
		fromRegister: new URL(args.request.url).searchParams.get('from') === 'register',
		buying: isBuyJourney(new URL(args.request.url).searchParams.get('return_url')),
		constraint: formConstraint(VerifySchema),
	}
}

export async function action(args: Route.ActionArgs) {
	const { request, context } = args
	const user = await requireUser(args)
	const submission = parseWithZod(await readForm(request), { schema: VerifySchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const api = apiFrom(context)
	try {
		if (submission.value.intent === 'resend') {
			const sent = await api.resendOtp({ email: user.email, purpose: 'verify-email' })
			return redirectWithToast(request, new URL(request.url).pathname + new URL(request.url).search, toastFor(200, sent.data.message))
		}
		const verified = (await api.verifyEmail({ otp: submission.value.otp })).data
		return redirectWithToast(request, nextStep(verified, request), {
			type: 'success',
			description: 'Your email is verified.',
		})
	} catch (error) {
		return replyWithApiError(submission, error)
	}
}

export default function VerifyAccount() {
	const { email, fromRegister, buying, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm({
		id: 'verify-account',
		lastResult: actionData?.result,
		constraint,
	})
	return (
		<div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
			{buying ? (
				<Stepper steps={BUY_STEPS} current={BUY_STEP.verify} />
			) : fromRegister ? (
				<Stepper steps={REGISTER_STEPS} current={2} />
			) : null}
			<h1 className="text-2xl font-bold">Verify your email</h1>
			<p className="mt-1 text-sm text-slate-600">
				Enter the 6-digit code we sent to <strong className="text-slate-900">{email}</strong>. It expires in 10 minutes.
			</p>
			<Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<Field label="Verification code" id={fields.otp.id} errorId={fields.otp.errorId} errors={fields.otp.errors}>
					<TextInput
						{...inputProps(fields.otp, { type: 'text' })}
						inputMode="numeric"
						autoComplete="one-time-code"
						maxLength={6}
						className="tracking-[0.5em]"
					/>
				</Field>
				<SubmitButton name="intent" value="verify" className="w-full" pendingText="Checking…">
					Verify email
				</SubmitButton>
			</Form>
			{/* A form of its own, so asking for a new code never needs the code field filled. */}
			<Form method="post" className="mt-4 text-center">
				<SubmitButton name="intent" value="resend" variant="link" pendingText="Sending…">
					Send a new code
				</SubmitButton>
			</Form>
		</div>
	)
}

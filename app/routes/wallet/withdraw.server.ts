import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import { Id, OtpCode } from '#api/contract/common.ts'
import { AccountNumber, BankCode } from '#api/contract/withdrawals.ts'
import { digitsAndPlusOnly } from '#app/lib/number-input.ts'
import { withdrawalOutcome } from '#app/lib/withdrawal-outcome.ts'
import { nairaInputSchema } from '#app/lib/number-input-schemas.ts'
import { orNotFound, orNotShown, throwIfNotFound } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/withdraw'

const NOT_FOUND = 'We could not find that withdrawal.'

// What a NumberInput posts (digits and '+'), or the raw text without JavaScript, read the same way.
const accountNumber = z.preprocess((v) => (typeof v === 'string' ? digitsAndPlusOnly(v) : v), AccountNumber)
const account = { bank_code: BankCode, account_number: accountNumber }

export const WithdrawSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('resolve'), ...account }),
	z.object({
		intent: z.literal('withdraw'),
		...account,
		amount: nairaInputSchema,
		idempotency_key: z.string({ message: 'Reload the page and try again.' }),
	}),
	z.object({ intent: z.literal('confirm'), id: Id, otp: OtpCode }),
	z.object({ intent: z.literal('resend'), id: Id }),
	z.object({ intent: z.literal('cancel'), id: Id }),
])

/** Step 1 picks the bank account and amount; step 2 (`?step=code&id=`) takes the mailed code. */
export async function loadWithdraw(args: Route.LoaderArgs) {
	const { user } = await requirePermission(args, 'wallet.withdraw')
	const url = new URL(args.request.url)
	const api = apiFrom(args.context)
	const constraint = formConstraint(WithdrawSchema)
	if (url.searchParams.get('step') === 'code') {
		const id = Id.safeParse(url.searchParams.get('id'))
		if (!id.success) throw data(NOT_FOUND, { status: 404 })
		const { data: w } = await orNotFound(api.getWithdrawal(id.data), NOT_FOUND)
		if (w.status !== 'awaiting_otp' || w.requested_by.id !== user.id) {
			throw await redirectWithToast(args.request, '/wallet', {
				type: 'warning',
				description: 'That withdrawal is not waiting for your code.',
			})
		}
		return {
			step: 'code' as const,
			withdrawal: { id: w.id, amount: w.amount, fee: w.fee, total: w.total, bank: w.bank, needsApproval: w.needs_approval },
			constraint,
		}
	}
	const [banks, wallet] = await Promise.all([api.getBanks(), orNotShown(api.getWallet())])
	return {
		step: 'details' as const,
		banks: banks.data,
		balance: wallet?.data.balance ?? null,
		threshold: wallet?.data.limits.withdrawal_approval_threshold ?? null,
		// A new key each time the page is drawn: a double submit asks for one withdrawal.
		idempotencyKey: `withdraw-${crypto.randomUUID()}`,
		constraint,
	}
}

export async function withdrawAction(args: Route.ActionArgs) {
	await requirePermission(args, 'wallet.withdraw')
	const submission = parseWithZod(await readForm(args.request), { schema: WithdrawSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const api = apiFrom(args.context)
	const value = submission.value
	const toWallet = (message: string) => redirectWithToast(args.request, '/wallet', toastFor(200, message))
	try {
		switch (value.intent) {
			case 'resolve': {
				const { data: found } = await api.resolveAccount({ bank_code: value.bank_code, account_number: value.account_number })
				return { result: submission.reply(), account: found }
			}
			case 'withdraw': {
				const { intent: _intent, ...body } = value
				const made = await api.withdraw(body)
				return redirectWithToast(
					args.request,
					`/withdraw?step=code&id=${made.data.id}`,
					toastFor(200, made.message ?? 'We sent a code to your email. Enter it to confirm the withdrawal.'),
				)
			}
			case 'confirm': {
				const { data: w } = await api.confirmWithdrawal(value.id, { otp: value.otp })
				return redirectWithToast(args.request, '/wallet', withdrawalOutcome(w.status, w.amount, 'Confirmed. '))
			}
			case 'resend': {
				const sent = await api.resendWithdrawalCode(value.id)
				return redirectWithToast(
					args.request,
					`/withdraw?step=code&id=${value.id}`,
					toastFor(200, sent.message ?? 'We sent a new code. Check your email.'),
				)
			}
			case 'cancel': {
				const cancelled = await api.cancelWithdrawal(value.id)
				return toWallet(cancelled.message ?? 'Withdrawal cancelled.')
			}
		}
	} catch (error) {
		if ('id' in value) throwIfNotFound(error, NOT_FOUND)
		return replyWithApiError(submission, error)
	}
}

import { formatNairaFull } from '../contract/money.ts'
import { z } from 'zod'
import { Id } from '../contract/common.ts'
import {
	BanksResponse,
	ConfirmWithdrawalBody,
	ResolveAccountBody,
	ResolvedAccount,
	WithdrawBody,
	Withdrawal,
} from '../contract/withdrawals.ts'
import type { Deps } from '../deps.ts'
import { defineRoute } from '../http.ts'
import { ApiError } from '../errors.ts'
import {
	approveWithdrawal,
	cancelWithdrawal,
	confirmWithdrawal,
	createWithdrawal,
	ownWithdrawal,
	refreshWithdrawal,
	resendWithdrawalCode,
	serializeWithdrawal,
} from '../services/withdrawals.ts'

const IdParams = z.object({ id: Id })

async function withdrawal(deps: Deps, customerId: string, id: string) {
	return serializeWithdrawal(await ownWithdrawal(deps.db, customerId, id))
}

const STATUS_MESSAGES: Record<string, string> = {
	awaiting_otp: 'We sent a code to your email. Enter it to confirm the withdrawal.',
	awaiting_approval: 'Confirmed. Another member with withdrawal permission must now approve it.',
	processing: 'The payout has started. The money should reach the account shortly.',
	succeeded: 'The money was paid into the account.',
	failed: 'The payout failed and the money is back in your wallet.',
	cancelled: 'The withdrawal was cancelled and the money is back in your wallet.',
}

export const withdrawalRoutes = [
	defineRoute({
		method: 'get',
		path: '/banks',
		summary: 'The banks a withdrawal can be paid into',
		tag: 'withdrawals',
		auth: 'user',
		permission: 'wallet.withdraw',
		response: BanksResponse,
		handler: async ({ deps }) => ({ data: await deps.payments.listBanks() }),
	}),
	defineRoute({
		method: 'post',
		path: '/banks/resolve',
		summary: 'The name on a bank account, to check before withdrawing to it',
		tag: 'withdrawals',
		auth: 'user',
		permission: 'wallet.withdraw',
		body: ResolveAccountBody,
		response: ResolvedAccount,
		handler: async ({ body, deps }) => {
			const bank = (await deps.payments.listBanks()).find((b) => b.code === body.bank_code)
			if (!bank) throw new ApiError(400, 'Choose a bank from the list.', [{ path: 'bank_code', message: 'Choose a bank from the list.' }])
			const account = await deps.payments.resolveAccount({ bankCode: bank.code, accountNumber: body.account_number })
			if (!account) {
				const message = 'We could not find that account at that bank. Check the number and the bank.'
				throw new ApiError(400, message, [{ path: 'account_number', message }])
			}
			return {
				data: { bank_code: bank.code, bank_name: bank.name, account_number: body.account_number, account_name: account.accountName },
			}
		},
	}),
	defineRoute({
		method: 'post',
		path: '/wallet/withdraw',
		summary:
			'Withdraw to a bank account: the amount and the transfer fee leave the wallet at once, and a code is mailed to you to confirm it. Above WITHDRAWAL_APPROVAL_THRESHOLD another member approves too. The same idempotency_key answers the same withdrawal',
		tag: 'withdrawals',
		auth: 'user',
		permission: 'wallet.withdraw',
		body: WithdrawBody,
		response: Withdrawal,
		status: 201,
		handler: async ({ body, auth, deps }) => {
			const row = await createWithdrawal(deps, auth, {
				amount: body.amount,
				bankCode: body.bank_code,
				accountNumber: body.account_number,
				idempotencyKey: body.idempotency_key,
			})
			const data = await withdrawal(deps, auth.customerId, row.id)
			deps.analytics?.track(auth.customerId, 'withdrawal requested', { amount: body.amount, status: data.status })
			return { data, message: STATUS_MESSAGES[data.status] }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/wallet/withdrawals/:id',
		summary:
			'One withdrawal; while it is paid out, it finishes what a crash or a lost webhook left: starts the payout if it never reached the gateway, or asks the gateway how it went',
		tag: 'withdrawals',
		auth: 'user',
		permission: 'wallet.view',
		params: IdParams,
		response: Withdrawal,
		handler: async ({ params, auth, deps }) => {
			const { w } = await ownWithdrawal(deps.db, auth.customerId, params.id)
			await refreshWithdrawal(deps, w)
			return { data: await withdrawal(deps, auth.customerId, params.id) }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/wallet/withdrawals/:id/confirm',
		summary: 'Confirm your withdrawal with the code mailed to you; sent again after that, it retries the payout',
		tag: 'withdrawals',
		auth: 'user',
		permission: 'wallet.withdraw',
		params: IdParams,
		body: ConfirmWithdrawalBody,
		response: Withdrawal,
		handler: async ({ params, body, auth, deps }) => {
			await confirmWithdrawal(deps, auth, params.id, body.otp)
			const data = await withdrawal(deps, auth.customerId, params.id)
			return { data, message: STATUS_MESSAGES[data.status] }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/wallet/withdrawals/:id/resend-code',
		summary: 'Mail a new code for your withdrawal; at most 3 codes in 15 minutes',
		tag: 'withdrawals',
		auth: 'user',
		permission: 'wallet.withdraw',
		params: IdParams,
		response: Withdrawal,
		handler: async ({ params, auth, deps }) => {
			await resendWithdrawalCode(deps, auth, params.id)
			return { data: await withdrawal(deps, auth.customerId, params.id), message: 'We sent a new code. Check your email.' }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/wallet/withdrawals/:id/approve',
		summary: "Approve another member's confirmed withdrawal above the approval threshold; the payout starts",
		tag: 'withdrawals',
		auth: 'user',
		permission: 'wallet.withdraw',
		params: IdParams,
		response: Withdrawal,
		handler: async ({ params, auth, deps }) => {
			await approveWithdrawal(deps, auth, params.id)
			const data = await withdrawal(deps, auth.customerId, params.id)
			return { data, message: STATUS_MESSAGES[data.status] }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/wallet/withdrawals/:id/cancel',
		summary: 'Cancel a withdrawal, or refuse to approve it, before its payout starts: the wallet gets the amount and the fee back',
		tag: 'withdrawals',
		auth: 'user',
		permission: 'wallet.withdraw',
		params: IdParams,
		response: Withdrawal,
		handler: async ({ params, auth, deps }) => {
			await cancelWithdrawal(deps, auth, params.id)
			const data = await withdrawal(deps, auth.customerId, params.id)
			return { data, message: `Withdrawal cancelled: ${formatNairaFull(data.total)} is back in your wallet.` }
		},
	}),
]

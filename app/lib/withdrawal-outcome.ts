import type { WithdrawalStatus } from '#api/contract/statuses.ts'
import { formatNairaFull } from './money.ts'

/**
 * What to tell the user after they confirm or approve a withdrawal, from its status as the API answers.
 * Only a paid withdrawal is a success: one still with the bank may yet fail and be reversed (the
 * sandbox's accounts ending in 9 do, a moment later), so it is not announced as money sent.
 */
export function withdrawalOutcome(status: WithdrawalStatus, amount: number, prefix = '') {
	const naira = formatNairaFull(amount)
	switch (status) {
		case 'succeeded':
			return { type: 'success', description: `${prefix}Withdrawal of ${naira} is paid to your account.` } as const
		case 'processing':
			return {
				type: 'warning',
				description: `${prefix}Withdrawal of ${naira} is with the bank. If the bank does not accept it, the money comes back to your wallet.`,
			} as const
		case 'awaiting_approval':
			return {
				type: 'warning',
				description: `${prefix}Your withdrawal of ${naira} is waiting for a second approval from another member who may withdraw.`,
			} as const
		case 'failed':
			return {
				type: 'warning',
				description: `The bank did not accept the withdrawal of ${naira}. The money is back in your wallet.`,
			} as const
		case 'cancelled':
		case 'awaiting_otp':
			return { type: 'warning', description: `The withdrawal of ${naira} was not sent.` } as const
	}
}

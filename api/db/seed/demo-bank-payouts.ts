import { eq } from 'drizzle-orm'
import type { PayoutBank } from '../../contract/claims.ts'
import { claimBankPayoutTransfer, claimPayoutSettlementTransfer } from '../../domain/ledger.ts'
import { payoutAccount, sentToBankNote } from '../../services/claims/payouts.ts'
import { newReference } from '../../services/payments.ts'
import type { Db } from '../client.ts'
import * as t from '../schema.ts'
import { postTransferAt } from './ledger-time.ts'

// The demo claims' bank payouts (docs/decisions/108-claim-bank-payouts.md), as the desk leaves them.

/**
 * A bank payout as the desk leaves it: with the bank (a transfer code the sandbox does not know, so it
 * stays with the bank for the demo), or confirmed and settled out of payouts in transit.
 */
export async function seedBankPayout(
	tx: Parameters<Parameters<Db['transaction']>[0]>[0],
	claim: typeof t.claims.$inferSelect,
	bank: PayoutBank,
	amount: number,
	operatorId: string | null,
	sentAt: Date,
	paidAt: Date | null,
) {
	const [payout] = await tx
		.insert(t.claimPayouts)
		.values({
			claimId: claim.id,
			customerId: claim.customerId,
			reference: newReference('cp'),
			amount,
			...payoutAccount(bank),
			status: paidAt ? 'succeeded' : 'processing',
			paidBy: operatorId,
			recipientCode: `RCP_${bank.bank_code}_${bank.account_number}`,
			transferCode: `TRF_demo_${claim.claimNumber}`,
			finishedAt: paidAt,
			createdAt: sentAt,
			...(paidAt ? { updatedAt: paidAt } : {}),
		})
		.returning()
	const facts = { id: payout!.id, customerId: claim.customerId, amount, reference: payout!.reference }
	const sent = await postTransferAt(tx, claimBankPayoutTransfer(facts), sentAt)
	if (paidAt) await postTransferAt(tx, claimPayoutSettlementTransfer(facts), paidAt)
	await tx
		.update(t.claims)
		.set({ payoutTransferId: sent.id, updatedAt: paidAt ?? sentAt })
		.where(eq(t.claims.id, claim.id))
	await tx.insert(t.claimEvents).values({
		claimId: claim.id,
		actor: 'operator',
		userId: operatorId,
		action: 'send_payout',
		fromStatus: 'offer_accepted',
		toStatus: 'offer_accepted',
		note: sentToBankNote(amount, bank),
		createdAt: sentAt,
	})
}

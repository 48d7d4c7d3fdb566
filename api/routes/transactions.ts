import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { Id } from '../contract/common.ts'
import { Receipt, TransactionsCsvQuery, TransactionsQuery, TransactionsResponse } from '../contract/transactions.ts'
import { payments, policies } from '../db/schema.ts'
import { defineDownload, defineRoute } from '../http.ts'
import { ApiError, notFound } from '../errors.ts'
import { entriesFor } from '../services/ledger.ts'
import { findTransaction, listTransactions, transactionsCsv } from '../services/transactions.ts'
import { ownWithdrawal } from '../services/withdrawals.ts'

const IdParams = z.object({ id: Id })

function checkDates(query: { from?: string | undefined; to?: string | undefined }) {
	if (query.from && query.to && query.from > query.to) {
		const message = 'The start date must come before the end date.'
		throw new ApiError(400, message, [{ path: 'from', message }])
	}
}

export const transactionRoutes = [
	defineRoute({
		method: 'get',
		path: '/transactions',
		summary: "The wallet's fundings and withdrawals and the purchases that moved money, newest first; filter by type, status and dates (days in Lagos time)",
		tag: 'transactions',
		auth: 'user',
		permission: 'transactions.view',
		query: TransactionsQuery,
		response: TransactionsResponse,
		handler: async ({ query, auth, deps }) => {
			checkDates(query)
			return { data: await listTransactions(deps.db, auth.customerId, query) }
		},
	}),
	defineDownload({
		method: 'get',
		path: '/transactions.csv',
		summary: 'The same transactions as a CSV file with a header row, amounts in whole Naira (at most 10,000 rows)',
		tag: 'transactions',
		auth: 'user',
		permission: 'transactions.view',
		query: TransactionsCsvQuery,
		download: { contentType: 'text/csv', filename: 'transactions.csv' },
		handler: async ({ query, auth, deps }) => {
			checkDates(query)
			return { content: await transactionsCsv(deps.db, auth.customerId, query) }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/transactions/:id',
		summary: 'A receipt: the transaction, where a withdrawal went, the policy a purchase bought, and its ledger entries',
		tag: 'transactions',
		auth: 'user',
		permission: 'transactions.view',
		params: IdParams,
		response: Receipt,
		handler: async ({ params, auth, deps }) => {
			const transaction = await findTransaction(deps.db, auth.customerId, params.id)
			if (!transaction) throw notFound('transaction')
			let bank = null
			let policy = null
			let failureReason: string | null = null
			if (transaction.type === 'withdrawal') {
				const { w } = await ownWithdrawal(deps.db, auth.customerId, params.id)
				bank = { bank_name: w.bankName, account_number: w.accountNumber, account_name: w.accountName }
				failureReason = w.failureReason
			} else {
				// A funding is its payment; a card purchase has one, a wallet purchase none.
				const paymentOf = transaction.type === 'purchase' ? eq(payments.purchaseId, params.id) : eq(payments.id, params.id)
				const [payment] = await deps.db
					.select({ reason: payments.failureReason })
					.from(payments)
					.where(and(paymentOf, eq(payments.customerId, auth.customerId)))
				failureReason = payment?.reason ?? null
			}
			if (transaction.type === 'purchase') {
				const [issued] = await deps.db
					.select({ id: policies.id, policy_number: policies.policyNumber })
					.from(policies)
					.where(and(eq(policies.purchaseId, params.id), eq(policies.customerId, auth.customerId)))
				policy = issued ?? null
			}
			// Every transfer of a transaction carries its reference: a wallet purchase's premium transfer
			// `purchase_<id>`, a card purchase's the payment's (see transactionsOf).
			const entries = await entriesFor(deps.db, auth.customerId, transaction.reference)
			return {
				data: {
					...transaction,
					bank,
					policy,
					failure_reason: failureReason,
					entries: entries.map((e) => ({ ...e, created_at: e.created_at.toISOString() })),
				},
			}
		},
	}),
]

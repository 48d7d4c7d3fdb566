import { z } from 'zod'
import { Id } from '../contract/common.ts'
import { Receipt, TransactionsCsvQuery, TransactionsQuery, TransactionsResponse } from '../contract/transactions.ts'
import { ApiError } from '../errors.ts'
import { defineDownload, defineRoute } from '../http.ts'
import { receiptPdf } from '../services/documents.ts'
import { findReceipt, listTransactions, transactionsCsv } from '../services/transactions.ts'

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
		summary:
			"The wallet's fundings and withdrawals and the purchases that moved money, newest first; filter by type, status and dates (days in Lagos time)",
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
		handler: async ({ params, auth, deps }) => ({ data: await findReceipt(deps.db, auth.customerId, params.id) }),
	}),
	defineDownload({
		method: 'get',
		path: '/transactions/:id/receipt',
		summary:
			'The receipt as a PDF, once the transaction succeeded (409 before): the customer, the transaction, and a verification code that GET /verify/{code} confirms',
		tag: 'transactions',
		auth: 'user',
		permission: 'transactions.view',
		params: IdParams,
		download: { contentType: 'application/pdf', filename: 'receipt.pdf' },
		handler: ({ params, auth, deps }) => receiptPdf(deps, auth.customerId, params.id),
	}),
]

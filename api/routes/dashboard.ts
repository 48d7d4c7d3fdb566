import { DashboardResponse } from '../contract/dashboard.ts'
import { defineRoute } from '../http.ts'
import { dashboardOf } from '../services/dashboard.ts'

export const dashboardRoutes = [
	defineRoute({
		method: 'get',
		path: '/dashboard',
		summary:
			"Home in one call: the wallet balance, live cover by line, staff covered, spend over the last 12 months, the next bill, renewals due and the todos. Each part is null when the caller's role may not see it (wallet.view, plans.view, employees.view, transactions.view, invoices.view, claims.view) or when it is not part of this kind of account's home",
		tag: 'activities',
		auth: 'user',
		response: DashboardResponse,
		handler: async ({ auth, deps }) => ({ data: await dashboardOf(deps, auth) }),
	}),
]

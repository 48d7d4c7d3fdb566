import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import { ACTIVITIES_COUNT_CAP, ActivitiesQuery, ActivitiesResponse, TodosQuery, TodosResponse } from '../contract/activities.ts'
import { activities, users } from '../db/schema.ts'
import { defineRoute } from '../http.ts'
import { ApiError } from '../errors.ts'
import { todosOf } from '../services/todos.ts'
import type { ActivityType } from '../contract/activities.ts'

export const activityRoutes = [
	defineRoute({
		method: 'get',
		path: '/activities',
		summary: 'What changed in the business, newest first; filter by type, actor and dates; total stops at 1,001 (more than 1,000)',
		tag: 'activities',
		auth: 'user',
		permission: 'activities.view',
		query: ActivitiesQuery,
		response: ActivitiesResponse,
		handler: async ({ query, auth, deps }) => {
			if (query.from && query.to && query.from > query.to) {
				throw new ApiError(400, 'The start date must come before the end date.', [
					{ path: 'from', message: 'The start date must come before the end date.' },
				])
			}
			const where = and(
				eq(activities.customerId, auth.customerId),
				// A type the log never holds finds nothing, as a filter that matches nothing does.
				query.type ? eq(activities.type, query.type as ActivityType) : undefined,
				query.actor ? eq(activities.actorUserId, query.actor) : undefined,
				query.from ? gte(activities.createdAt, new Date(`${query.from}T00:00:00+01:00`)) : undefined,
				// Dates are days in Lagos time; `to` includes its whole day.
				query.to ? lt(activities.createdAt, sql`${`${query.to}T00:00:00+01:00`}::timestamptz + interval '1 day'`) : undefined,
			)
			const [rows, [total]] = await Promise.all([
				deps.db
					.select({
						id: activities.id,
						type: activities.type,
						description: activities.description,
						created_at: activities.createdAt,
						actor_id: users.id,
						actor_name: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
					})
					.from(activities)
					.leftJoin(users, eq(users.id, activities.actorUserId))
					.where(where)
					.orderBy(desc(activities.createdAt), desc(activities.id))
					.limit(query.page_size)
					.offset((query.page - 1) * query.page_size),
				// Counted no further than the cap, on activities_customer_idx: home asks for the newest five of a
				// business that may have logged millions (decision 123).
				deps.db.select({ n: sql<number>`count(*)::int` }).from(
					deps.db
						.select({ one: sql`1` })
						.from(activities)
						.where(where)
						.limit(ACTIVITIES_COUNT_CAP + 1)
						.as('counted'),
				),
			])
			return {
				data: {
					items: rows.map((r) => ({
						id: r.id,
						type: r.type,
						description: r.description,
						actor: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? '' } : null,
						created_at: r.created_at.toISOString(),
					})),
					page: query.page,
					page_size: query.page_size,
					total: Number(total!.n),
				},
			}
		},
	}),
	defineRoute({
		method: 'get',
		path: '/todos',
		summary: "What the account still has to do, derived from the account's state",
		tag: 'activities',
		auth: 'user',
		query: TodosQuery,
		response: TodosResponse,
		handler: async ({ query, auth, deps }) => {
			const todos = await todosOf(deps, auth)
			return { data: query.limit ? todos.slice(0, query.limit) : todos }
		},
	}),
]

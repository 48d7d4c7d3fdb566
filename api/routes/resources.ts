import { asc } from 'drizzle-orm'
import { SectorsResponse, StatesWithLgaResponse } from '../contract/resources.ts'
import { lgas, sectors, states } from '../db/schema.ts'
import { defineRoute } from '../http.ts'

export const resourceRoutes = [
	defineRoute({
		method: 'get',
		path: '/resources/sectors',
		summary: 'Business sectors, by name',
		tag: 'resources',
		auth: 'public',
		response: SectorsResponse,
		handler: async ({ deps, c }) => {
			const rows = await deps.db.select().from(sectors).orderBy(asc(sectors.name))
			c.header('Cache-Control', 'public, max-age=300')
			return { data: rows.map((r) => r.name) }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/states-with-lga',
		summary: 'The 36 states and the FCT, each with its local government areas',
		tag: 'resources',
		auth: 'public',
		response: StatesWithLgaResponse,
		handler: async ({ deps, c }) => {
			const [stateRows, lgaRows] = await Promise.all([
				deps.db.select().from(states).orderBy(asc(states.name)),
				deps.db.select().from(lgas).orderBy(asc(lgas.state), asc(lgas.name)),
			])
			const byState = new Map(stateRows.map((s) => [s.name, [] as string[]]))
			for (const l of lgaRows) byState.get(l.state)?.push(l.name)
			c.header('Cache-Control', 'public, max-age=300')
			return { data: { states: [...byState].map(([state, lgas]) => ({ state, lgas })) } }
		},
	}),
]

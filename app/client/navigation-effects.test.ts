import { expect, test } from 'vitest'
import { routesFor } from './navigation-effects.ts'

const routes = Object.fromEntries(
	[
		{ id: 'root', path: '' },
		{ id: 'dashboard', parentId: 'root' },
		{ id: 'home', parentId: 'dashboard', index: true },
		{ id: 'rewards', parentId: 'dashboard', path: 'rewards' },
		{ id: 'rewards-all', parentId: 'dashboard', path: 'rewards/all' },
		{ id: 'plan', parentId: 'dashboard', path: 'mycover/:planId' },
		{ id: 'not-found', parentId: 'root', path: '*' },
	].map((r) => [r.id, { ...r, module: `/assets/${r.id}.js` }]),
)
const ids = (path: string) => routesFor(routes, path).map((r) => r.id)

test("a link's routes, leaf first: static paths before parameters, the catch-all last", () => {
	expect(ids('/')).toEqual(['home', 'dashboard', 'root'])
	expect(ids('/rewards/all')).toEqual(['rewards-all', 'dashboard', 'root'])
	expect(ids('/mycover/1234')).toEqual(['plan', 'dashboard', 'root'])
	expect(ids('/nowhere/at/all')).toEqual(['not-found', 'root'])
})

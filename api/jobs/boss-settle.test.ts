import { createRequire } from 'node:module'
import { afterEach, expect, test } from 'vitest'
import { guardJobSettling } from './boss-settle.ts'

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
afterEach(() => {
	process.off('unhandledRejection', onUnhandled)
	unhandled.length = 0
})

function fakeManager() {
	class Manager {
		calls: string[] = []
		async complete(name: string) {
			this.calls.push(`complete ${name}`)
			throw new Error('terminating connection due to administrator command')
		}
		async fail(name: string) {
			this.calls.push(`fail ${name}`)
			throw new Error('Connection terminated unexpectedly')
		}
	}
	return Manager
}

test('a job settled while the database is away is logged, not an unhandled rejection that ends the process', async () => {
	const Manager = fakeManager()
	guardJobSettling(Manager as never)
	process.on('unhandledRejection', onUnhandled)
	const manager = new Manager()
	// As pg-boss's worker does: called, never awaited.
	void manager.complete('billing-run')
	void manager.fail('billing-run')
	await new Promise((resolve) => setTimeout(resolve, 20))
	expect(unhandled).toEqual([])
	expect(manager.calls).toEqual(['complete billing-run', 'fail billing-run'])
})

test('a caller that awaits still gets the rejection, and wrapping twice wraps once', async () => {
	const Manager = fakeManager()
	guardJobSettling(Manager as never)
	guardJobSettling(Manager as never)
	const manager = new Manager()
	await expect(manager.fail('x')).rejects.toThrow('Connection terminated unexpectedly')
	expect(manager.calls).toEqual(['fail x'])
})

test('the pg-boss in use still has the two methods the guard wraps', () => {
	guardJobSettling()
	const Manager = createRequire(import.meta.url)('pg-boss/src/manager') as { prototype: Record<string, unknown> }
	expect(Manager.prototype.__settleGuarded).toBe(true)
	expect(typeof Manager.prototype.complete).toBe('function')
	expect(typeof Manager.prototype.fail).toBe('function')
})

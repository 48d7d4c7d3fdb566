import { describe, expect, test } from 'vitest'
import { KEEPS, STATEMENTS_KEPT, keptStatements, statementName } from './kept-statements.ts'

describe('which statements node-postgres is asked to keep', () => {
	test("Drizzle's reads and writes get their text's name; anything else goes as it came", () => {
		const named = keptStatements()
		const read = { text: 'select 1 from customers where id = $1', values: ['x'] }
		expect(named(read)).toEqual({ ...read, name: statementName(read.text) })
		expect(statementName(read.text)).toMatch(/^kept_[0-9a-f]{40}$/)
		expect(statementName(read.text).length).toBeLessThanOrEqual(63)
		for (const text of ['  WITH t as (select 1) select * from t', 'insert into t values (1)', 'update t set n = 1', 'delete from t'])
			expect(named({ text })).toHaveProperty('name')
		for (const text of ['create table t (n int)', 'set jit = off', 'vacuum analyze', 'begin', 'selective_thing'])
			expect(KEEPS.test(text)).toBe(false)
		const given = { text: 'select 2', name: 'mine' }
		expect(named(given)).toBe(given)
		expect(named('select 3')).toBe('select 3')
	})

	test('a connection keeps at most STATEMENTS_KEPT; those it keeps still go by name after', () => {
		const named = keptStatements()
		for (let i = 0; i < STATEMENTS_KEPT; i++) expect(named({ text: `select ${i}` })).toHaveProperty('name')
		expect(named({ text: 'select -1' })).not.toHaveProperty('name')
		expect(named({ text: 'select 0' })).toHaveProperty('name', statementName('select 0'))
	})
})

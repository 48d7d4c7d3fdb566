import { expect, test } from 'vitest'
import type { Db } from './client.ts'
import { statementName } from './kept-statements.ts'
import { SHAPES_KEPT, bound, preparedOnce } from './prepared-once.ts'

// Statements built once per shape and database (decision 131).

const fakeDb = () => ({}) as Db

function builder(text: string, builds: string[]) {
	return () => {
		builds.push(text)
		return { toSQL: () => ({ sql: text }), prepare: (name: string) => ({ name, text }) }
	}
}

test('a shape is built once per database and named after its text, as kept statements are', () => {
	const builds: string[] = []
	const db = fakeDb()
	const first = preparedOnce(db, 'a', builder('select 1', builds))
	expect(preparedOnce(db, 'a', builder('select 1', builds))).toBe(first)
	expect(first).toEqual({ name: statementName('select 1'), text: 'select 1' })
	preparedOnce(db, 'b', builder('select 2', builds))
	// Another database builds its own.
	preparedOnce(fakeDb(), 'a', builder('select 1', builds))
	expect(builds).toEqual(['select 1', 'select 2', 'select 1'])
})

test('at most SHAPES_KEPT shapes are kept: the oldest is built again when it is asked for', () => {
	const builds: string[] = []
	const db = fakeDb()
	for (let i = 0; i <= SHAPES_KEPT; i++) preparedOnce(db, `shape ${i}`, builder(`select ${i}`, builds))
	expect(builds).toHaveLength(SHAPES_KEPT + 1)
	preparedOnce(db, `shape ${SHAPES_KEPT}`, builder('again', builds))
	expect(builds).toHaveLength(SHAPES_KEPT + 1)
	preparedOnce(db, 'shape 0', builder('select 0', builds))
	expect(builds).toHaveLength(SHAPES_KEPT + 2)
})

test('bound gives each value a placeholder of its own name, for the statement to be built with', () => {
	const placeholders = bound({ id: 'c1', today: '2026-11-27' })
	expect(Object.keys(placeholders)).toEqual(['id', 'today'])
	expect(placeholders.id.name).toBe('id')
	expect(placeholders.today.name).toBe('today')
})

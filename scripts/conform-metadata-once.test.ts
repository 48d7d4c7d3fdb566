import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CONFORM_CONTEXT, keepConformMetadata } from './conform-metadata-once.ts'

const require = createRequire(import.meta.url)
const contextFile = join(dirname(require.resolve('@conform-to/react')), 'context.mjs')
const original = readFileSync(contextFile, 'utf8')

// The changed module, loaded beside the original: its imports made absolute so it loads from a folder of its own.
const dir = mkdtempSync(join(tmpdir(), 'conform-once-'))
// conform looks for the form on the page when an answer comes: here there is none.
beforeAll(() => {
	;(globalThis as { document?: unknown }).document = { forms: { namedItem: () => null } }
})
afterAll(() => {
	delete (globalThis as { document?: unknown }).document
	rmSync(dir, { recursive: true, force: true })
})
async function load(code: string, name: string) {
	const url = (specifier: string) => pathToFileURL(require.resolve(specifier, { paths: [dirname(contextFile)] })).href
	const absolute = code
		.replace(
			"'./_virtual/_rollupPluginBabelHelpers.mjs'",
			`'${pathToFileURL(join(dirname(contextFile), '_virtual/_rollupPluginBabelHelpers.mjs')).href}'`,
		)
		.replace("'@conform-to/dom'", `'${url('@conform-to/dom')}'`)
		.replace("'react/jsx-runtime'", `'${url('react/jsx-runtime')}'`)
		.replace("'react'", `'${url('react')}'`)
	const file = join(dir, `${name}.mjs`)
	writeFileSync(file, absolute)
	return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as ContextModule
}

/** What the test uses of conform's context module (it has no types of its own). */
type FormContext = { getState(): unknown; onUpdate(options: object): void }
type Metadata = Record<string, unknown>
type ContextModule = {
	createFormContext(options: object): FormContext
	getFieldMetadata(context: FormContext, subjectRef: { current: object }, snapshot: unknown, prefix: string, key: string): Metadata
	getFormMetadata(context: FormContext, subjectRef: { current: object }, snapshot: unknown, noValidate: boolean): Metadata
}

const FIELD_KEYS = ['id', 'name', 'errorId', 'descriptionId', 'initialValue', 'defaultValue', 'value', 'errors', 'key', 'valid', 'dirty']
const FIELD_KEYS_ALL = [...FIELD_KEYS, 'formId', 'required', 'minLength', 'maxLength', 'pattern', 'allErrors']
const FORM_KEYS = [...FIELD_KEYS, 'status', 'noValidate', 'allErrors']

/** What reading every key of a field and of the form gives, and what the reads subscribed the component to. */
function reads(mod: ContextModule, formId: string, steps: ((context: FormContext) => void)[]) {
	const context = mod.createFormContext({
		formId,
		constraint: { email: { required: true, maxLength: 254 }, password: { required: true, minLength: 8 } },
		lastResult: { status: 'error', initialValue: { email: 'ada@example.com' }, error: { email: ['Enter a valid email'] } },
	})
	const seen: unknown[] = []
	// conform's keys are random: each is named by the order it was first seen in.
	const keys = new Map<unknown, string>()
	const named = (k: string, v: unknown) =>
		k === 'key' && v !== undefined ? (keys.get(v) ?? keys.set(v, `key ${keys.size + 1}`).get(v)) : v
	for (const step of [() => {}, ...steps]) {
		step(context)
		const subjectRef = { current: {} }
		const snapshot = context.getState()
		const field = mod.getFieldMetadata(context, subjectRef, snapshot, '', 'email')
		const form = mod.getFormMetadata(context, subjectRef, snapshot, true)
		// Each key twice, the second read from what the first built.
		const values = [FIELD_KEYS_ALL, FORM_KEYS].map((list, i) =>
			list.map((k) => [k, named(k, (i ? form : field)[k]), named(k, (i ? form : field)[k])]),
		)
		seen.push(JSON.parse(JSON.stringify({ values, subjects: subjectRef.current })))
	}
	return seen
}

describe('conform-metadata-once', () => {
	test("finds conform's server module by its path", () => {
		expect(CONFORM_CONTEXT.test(contextFile)).toBe(true)
	})

	test('changes the installed conform in its two places, and refuses code that is not there or is there twice', () => {
		const changed = keepConformMetadata(original)
		expect(changed.match(/once\(\);/g)).toHaveLength(2)
		expect(changed).toContain('function metadataOnce(')
		expect(() => keepConformMetadata(original.replace('var _state$constraint$nam;', 'var other;'))).toThrow(/found 0/)
		const twice = original.replace(
			/function getFormMetadata[\s\S]*$/,
			(rest) => `${rest}\n${rest.replace('getFormMetadata', 'getFormMetadata2')}`,
		)
		expect(() => keepConformMetadata(twice)).toThrow(/found 2/)
	})

	test("every read gives what conform gives, and subscribes to the same, as the form's state and id change", async () => {
		const [plain, once] = await Promise.all([load(original, 'plain'), load(keepConformMetadata(original), 'once')])
		const steps = [
			// A new answer from the server: the error moves to the password and the email is kept.
			(context: FormContext) =>
				context.onUpdate({
					lastResult: { status: 'error', initialValue: { email: 'ada@cover.ng', password: '' }, error: { password: ['Too short'] } },
				}),
			// Another form id: conform starts the form again.
			(context: FormContext) => context.onUpdate({ formId: 'login-2' }),
		]
		const expected = reads(plain, 'login', steps)
		const got = reads(once, 'login', steps)
		expect(got).toEqual(expected)
		// The steps changed what is read: a metadata kept past its state would have failed the comparison.
		expect(expected[1]).not.toEqual(expected[0])
		expect(expected[2]).not.toEqual(expected[1])
	})

	test('a field read again after the state changes under it gives the new state', async () => {
		const once = await load(keepConformMetadata(original), 'once-again')
		const context = once.createFormContext({
			formId: 'f',
			lastResult: { status: 'error', initialValue: { email: 'a@b.ng' }, error: { email: ['Bad'] } },
		})
		const field = once.getFieldMetadata(context, { current: {} }, context.getState(), '', 'email')
		expect(field.errors).toEqual(['Bad'])
		expect(field.id).toBe('f-email')
		context.onUpdate({ lastResult: { status: 'error', initialValue: { email: 'a@b.ng' }, error: { email: ['Worse'] } } })
		expect(field.errors).toEqual(['Worse'])
		context.onUpdate({ formId: 'g' })
		expect(field.id).toBe('g-email')
	})
})

import { expect, test } from 'vitest'
import { DRAFT_KEY, readDraft, writeDraft } from './account-draft.ts'

function memoryStorage() {
	const store = new Map<string, string>()
	return {
		getItem: (k: string) => store.get(k) ?? null,
		setItem: (k: string, v: string) => void store.set(k, v),
		removeItem: (k: string) => void store.delete(k),
		store,
	} as unknown as Storage & { store: Map<string, string> }
}

test('a draft is kept with lastSavedAt, per section, and dropped when its last section goes', () => {
	const storage = memoryStorage()
	const t = Date.parse('2026-11-25T10:00:00Z')
	writeDraft(storage, 'register', { first_name: 'Ada' }, t)
	writeDraft(storage, 'business_profile', { name: 'Ada Ltd' }, t + 1_000)
	expect(readDraft(storage, t + 2_000)).toEqual({
		lastSavedAt: '2026-11-25T10:00:01.000Z',
		register: { first_name: 'Ada' },
		business_profile: { name: 'Ada Ltd' },
	})
	writeDraft(storage, 'register', undefined, t + 3_000)
	expect(readDraft(storage, t + 3_000)?.register).toBeUndefined()
	writeDraft(storage, 'business_profile', undefined, t + 4_000)
	expect(storage.getItem(DRAFT_KEY)).toBeNull()
})

test('a draft older than one hour is discarded at start; unreadable ones too', () => {
	const storage = memoryStorage()
	const t = Date.parse('2026-11-25T10:00:00Z')
	writeDraft(storage, 'register', { first_name: 'Ada' }, t)
	expect(readDraft(storage, t + 60 * 60 * 1000)?.register).toEqual({ first_name: 'Ada' })
	expect(readDraft(storage, t + 60 * 60 * 1000 + 1)).toBeNull()
	expect(storage.getItem(DRAFT_KEY)).toBeNull()
	storage.setItem(DRAFT_KEY, '{not json')
	expect(readDraft(storage, t)).toBeNull()
	expect(storage.getItem(DRAFT_KEY)).toBeNull()
})

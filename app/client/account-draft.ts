/** Spec sections 3, 4 and 9: the local draft of sign-up and the KYC business profile. */
import { DRAFT_KEY } from './draft-key.ts'

export { DRAFT_KEY }
export const DRAFT_STALE_MS = 60 * 60 * 1000
export const AUTOSAVE_MS = 700
export const STORAGE_WRITE_MS = 100

export type DraftSection = 'register' | 'business_profile'
export type AccountDraft = { lastSavedAt: string } & Partial<Record<DraftSection, Record<string, string>>>

/** The draft in storage, or null; a draft saved more than an hour before `now` is removed. */
export function readDraft(storage: Pick<Storage, 'getItem' | 'removeItem'>, now: number): AccountDraft | null {
	try {
		const draft = JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null') as AccountDraft | null
		if (!draft) return null
		const savedAt = Date.parse(draft.lastSavedAt)
		if (!(now - savedAt <= DRAFT_STALE_MS)) {
			storage.removeItem(DRAFT_KEY)
			return null
		}
		return draft
	} catch {
		storage.removeItem(DRAFT_KEY)
		return null
	}
}

export function writeDraft(storage: Storage, section: DraftSection, values: Record<string, string> | undefined, now: number) {
	const draft: AccountDraft = { ...(readDraft(storage, now) ?? {}), lastSavedAt: new Date(now).toISOString() }
	if (values) draft[section] = values
	else delete draft[section]
	if (!draft.register && !draft.business_profile) storage.removeItem(DRAFT_KEY)
	else storage.setItem(DRAFT_KEY, JSON.stringify(draft))
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | RadioNodeList

/** What the form holds, passwords and hidden fields never kept on the device. */
function valuesOf(form: HTMLFormElement) {
	const values: Record<string, string> = {}
	for (const [name, value] of new FormData(form)) {
		const type = (form.elements.namedItem(name) as HTMLInputElement | null)?.type
		if (typeof value === 'string' && value && type !== 'password' && type !== 'hidden') values[name] = value
	}
	return values
}

/** Fills the fields the page left empty: what the server sent back (a failed post) always wins. */
function restore(form: HTMLFormElement, values: Record<string, string>) {
	for (const [name, value] of Object.entries(values)) {
		const field = form.elements.namedItem(name) as Field | null
		if (field && !field.value) field.value = value
	}
}

/**
 * Keeps what is typed in `form` as `account_draft` in local storage: saved 700 ms after typing stops,
 * the write itself 100 ms later; restored on return within the hour; the section dropped once the
 * form was sent and its page left (the server has it then). Returns the detach function.
 */
export function attachDraft(form: HTMLFormElement, section: DraftSection, { typed }: { typed: boolean }) {
	const saved = readDraft(localStorage, Date.now())?.[section]
	if (saved && !typed) restore(form, saved)
	let autosave: ReturnType<typeof setTimeout> | undefined
	let write: ReturnType<typeof setTimeout> | undefined
	let sent = false
	const onInput = () => {
		clearTimeout(autosave)
		autosave = setTimeout(() => {
			const values = valuesOf(form)
			clearTimeout(write)
			write = setTimeout(() => writeDraft(localStorage, section, values, Date.now()), STORAGE_WRITE_MS)
		}, AUTOSAVE_MS)
	}
	const onSubmit = () => {
		sent = true
	}
	form.addEventListener('input', onInput)
	form.addEventListener('change', onInput)
	form.addEventListener('submit', onSubmit)
	if (typed) onInput()
	return () => {
		clearTimeout(autosave)
		clearTimeout(write)
		form.removeEventListener('input', onInput)
		form.removeEventListener('change', onInput)
		form.removeEventListener('submit', onSubmit)
		if (sent) writeDraft(localStorage, section, undefined, Date.now())
	}
}

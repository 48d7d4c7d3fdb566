/**
 * The look of every text field; its own module, so a form without money fields ships no money code.
 * The focus ring is drawn on `:focus-within`, which a field matches when it has the focus itself and
 * when one of its own parts has it: Chrome gives a day field's focus to its day, month or year, and the
 * field then matches `:focus-within` only (found by tests/e2e/keyboard.spec.ts).
 * Every field is at least 44 px tall, as a button is: a finger's target, and one line in a row of filters,
 * where a menu had been 39 px, a text field 42 and a day 42 (decision 153).
 */
export const inputClassName =
	'min-h-11 w-full rounded-md border border-slate-300 px-3 py-2 text-base focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-emerald-700 aria-[invalid=true]:border-red-600'

/** The look of every text field; its own module, so a form without money fields ships no money code. */
export const inputClassName =
	'w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:outline-2 focus:outline-offset-1 focus:outline-emerald-700 aria-[invalid=true]:border-red-600'

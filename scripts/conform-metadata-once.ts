import type { Plugin } from 'vite'

/**
 * conform builds a field's whole metadata (an object of fifteen getters behind a Proxy, and its ids) again
 * on every property read: `getInputProps` reads about fourteen, so a sign-in form of two fields built it
 * some forty times a render, a twelfth of `/login`'s time on the server (decision 136). This makes each
 * field and form proxy keep the metadata it built, and build it again only when the form's state or id
 * has changed: what every read returns, and which subjects it subscribes the component to, are as before.
 *
 * Applied to the server's build only (the package is bundled into it for this): the browser's first load
 * sits at its byte budget, and a browser renders a form once, not hundreds of times a second. The build
 * fails if conform's code no longer has the lines, so an upgrade cannot silently drop it.
 */
export const CONFORM_CONTEXT = /[\\/]@conform-to[\\/]react[\\/]dist[\\/]context\.mjs$/

const ONCE = `
function metadataOnce(context, subjectRef, stateSnapshot, name) {
  var made, madeFor, madeId;
  return () => {
    var state = context.getState(), id = context.getFormId();
    if (made === undefined || state !== madeFor || id !== madeId) {
      made = getMetadata(context, subjectRef, stateSnapshot, name);
      madeFor = state;
      madeId = id;
    }
    return made;
  };
}
`

const PLACES = [
	{
		// getFieldMetadata: every read of a field's property.
		find: /(\n {2}return new Proxy\(\{\}, \{\n {4}get\(_, key, receiver\) \{\n {6}var _state\$constraint\$nam;\n {6}var metadata = )getMetadata\(context, subjectRef, stateSnapshot, name\);/,
		put: '\n  var once = metadataOnce(context, subjectRef, stateSnapshot, name);$1once();',
	},
	{
		// getFormMetadata: every read of the form's property.
		find: /(\n {2}return new Proxy\(\{\}, \{\n {4}get\(_, key, receiver\) \{\n {6}var metadata = )getMetadata\(context, subjectRef, stateSnapshot\);/,
		put: "\n  var once = metadataOnce(context, subjectRef, stateSnapshot, '');$1once();",
	},
] as const

/** conform's context module with the metadata kept; throws if the code it changes is not there, once each. */
export function keepConformMetadata(code: string): string {
	let out = code
	for (const { find, put } of PLACES) {
		const found = out.match(new RegExp(find.source, 'g'))?.length ?? 0
		if (found !== 1) throw new Error(`conform-metadata-once: expected one place in conform's context.mjs, found ${found}`)
		out = out.replace(find, put)
	}
	if (!/\nfunction getMetadata\(context, subjectRef, stateSnapshot\) \{/.test(out))
		throw new Error("conform-metadata-once: conform's getMetadata is not where expected")
	return `${out}\n${ONCE}`
}

export function conformMetadataOnce(): Plugin {
	let patched = false
	return {
		name: 'conform-metadata-once',
		apply: 'build',
		transform(code, id) {
			if (this.environment?.name !== 'ssr' || !CONFORM_CONTEXT.test(id)) return null
			try {
				const changed = keepConformMetadata(code)
				patched = true
				return { code: changed, map: null }
			} catch (error) {
				this.error((error as Error).message)
			}
		},
		buildEnd() {
			if (!patched && this.environment?.name === 'ssr')
				this.error("conform-metadata-once: conform's context.mjs was not in the server build")
		},
	}
}

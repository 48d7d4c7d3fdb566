import postcss, { type ChildNode, type Container } from 'postcss'

/**
 * The rules a first page needs, out of the portal's stylesheet (docs/decisions/149-first-page-rules.md).
 *
 * A browser's first page carries its rules inline (decision 130). The whole stylesheet is about 7.7 KB in
 * Brotli, and a page such as home then needs a second round trip before it is in. A page uses a part of
 * the stylesheet's classes, so it carries the rules that could apply to it, and the file follows after the
 * first paint for what the page does next.
 *
 * A rule is kept when every class its selector names outside brackets and parentheses is in the page: a
 * rule that names a class the page lacks matches nothing in it. What stands inside `:not()`, `:is()`,
 * `:where()`, `:has()` or an attribute selector is not required, so those rules are kept on the rest
 * (`.group-hover\:x:is(:where(.group):hover *)` needs only `group-hover:x`). Rules without classes (the
 * base styles, element selectors, `*`) are always kept. Custom properties that a global rule (`:root`,
 * `*`) defines, and `@property` rules, are kept when a kept declaration reads them, directly or through
 * another. So the rules kept are a superset of those that match the page as the server wrote it, in any
 * state (hover, focus, open), in the stylesheet's order.
 */

type Selector = { text: string; classes: readonly string[] }
type Declaration = { text: string; defines: string | null; reads: readonly string[] }
type Node =
	| { kind: 'rule'; selectors: readonly Selector[]; declarations: readonly Declaration[]; global: boolean }
	| { kind: 'block'; open: string; nodes: readonly Node[] }
	| { kind: 'property'; name: string; text: string }
	| { kind: 'text'; text: string; reads: readonly string[] }

const READS = /var\(\s*(--[\w-]+)/g

/** `selector` with what stands inside brackets and parentheses left out; escaped characters kept as they are. */
function outsideBrackets(selector: string) {
	let depth = 0
	let out = ''
	for (let i = 0; i < selector.length; i++) {
		const c = selector[i]!
		if (c === '\\') {
			if (depth === 0) out += selector.slice(i, i + 2)
			i++
		} else if (c === '(' || c === '[') depth++
		else if (c === ')' || c === ']') depth = Math.max(0, depth - 1)
		else if (depth === 0) out += c
	}
	return out
}

const CLASS = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w\u0080-\uffff-])+)/g
/** A class name as written in CSS, escapes read (`\32 xl\:grid` is `2xl:grid`). */
const className = (name: string) =>
	name.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|(.))/g, (_, hex: string | undefined, char: string | undefined) =>
		hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char!,
	)

/** The classes a selector needs in the page to match anything there. */
export function selectorClasses(selector: string): string[] {
	return [...outsideBrackets(selector).matchAll(CLASS)].map((m) => className(m[1]!))
}

function declaration(node: ChildNode): Declaration | null {
	if (node.type !== 'decl') return null
	return {
		text: node.toString(),
		defines: node.prop.startsWith('--') ? node.prop : null,
		reads: [...node.value.matchAll(READS)].map((m) => m[1]!),
	}
}

/** A node kept whole, whatever the page: a comment, keyframes, a statement, a rule with more than declarations. */
function whole(node: ChildNode, end = ''): Node {
	const text = `${node.toString()}${end}`
	return { kind: 'text', text, reads: [...text.matchAll(READS)].map((m) => m[1]!) }
}

function nodesOf(container: Container): Node[] {
	const nodes: Node[] = []
	for (const child of container.nodes ?? []) {
		if (child.type === 'comment') {
			// The licence's banner (`/*! … */`) stays; other comments go.
			if (child.text.startsWith('!')) nodes.push(whole(child))
		} else if (child.type === 'rule') {
			const declarations = child.nodes.map(declaration)
			if (declarations.some((d) => d === null)) {
				nodes.push(whole(child))
				continue
			}
			const selectors = child.selectors.map((text) => ({ text, classes: selectorClasses(text) }))
			nodes.push({
				kind: 'rule',
				selectors,
				declarations: declarations as Declaration[],
				global: selectors.every((s) => s.classes.length === 0),
			})
		} else if (child.type === 'atrule') {
			if (child.name === 'property') nodes.push({ kind: 'property', name: child.params.trim(), text: child.toString() })
			// A statement (`@layer theme,base;`) ends with its semicolon, which postcss writes only between nodes.
			else if (child.nodes === undefined) nodes.push(whole(child, ';'))
			else if (/keyframes$/.test(child.name)) nodes.push(whole(child))
			else
				nodes.push({
					kind: 'block',
					open: `@${child.name}${child.raws.afterName ?? ' '}${child.params}`,
					nodes: nodesOf(child),
				})
		}
	}
	return nodes
}

/** The stylesheet, read once, and the rules a page with these classes needs from it, in its order. */
export function firstPageRules(css: string) {
	const nodes = nodesOf(postcss.parse(css))
	return (classes: ReadonlySet<string>): string => {
		const kept = new Map<Node, string[]>()
		const read = new Set<string>()
		const globals: Declaration[] = []
		const choose = (list: readonly Node[]) => {
			for (const node of list) {
				if (node.kind === 'block') choose(node.nodes)
				if (node.kind === 'text') for (const name of node.reads) read.add(name)
				if (node.kind !== 'rule') continue
				const selectors = node.selectors.filter((s) => s.classes.every((c) => classes.has(c))).map((s) => s.text)
				if (selectors.length === 0) continue
				kept.set(node, selectors)
				for (const d of node.declarations) {
					if (node.global && d.defines) globals.push(d)
					else for (const name of d.reads) read.add(name)
				}
			}
		}
		choose(nodes)
		// A global rule's custom property is kept when something kept reads it, and what it reads with it.
		for (let grew = true; grew; ) {
			grew = false
			for (const d of globals)
				if (read.has(d.defines!))
					for (const name of d.reads)
						if (!read.has(name)) {
							read.add(name)
							grew = true
						}
		}
		const write = (list: readonly Node[]): string => {
			let out = ''
			for (const node of list) {
				if (node.kind === 'text') out += node.text
				else if (node.kind === 'property') out += read.has(node.name) ? node.text : ''
				else if (node.kind === 'block') {
					const inner = write(node.nodes)
					if (inner) out += `${node.open}{${inner}}`
				} else {
					const selectors = kept.get(node)
					if (!selectors) continue
					const declarations = node.declarations.filter((d) => !node.global || !d.defines || read.has(d.defines))
					if (declarations.length > 0) out += `${selectors.join(',')}{${declarations.map((d) => d.text).join(';')}}`
				}
			}
			return out
		}
		return write(nodes)
	}
}

const CLASS_ATTRIBUTE = Buffer.from(' class="')
const QUOTE = 0x22
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" }

/**
 * Every class attribute's value in the page, in order, joined: what decides the rules a page needs, and
 * so the key they are kept under. Read from the bytes with the buffer's own search, as it is on every first page.
 */
export function classAttributes(page: Buffer): string {
	const values: string[] = []
	for (let at = page.indexOf(CLASS_ATTRIBUTE); at >= 0; at = page.indexOf(CLASS_ATTRIBUTE, at)) {
		const start = at + CLASS_ATTRIBUTE.length
		const end = page.indexOf(QUOTE, start)
		if (end < 0) break
		values.push(page.toString('utf8', start, end))
		at = end
	}
	return values.join(' ')
}

/** The classes in `classAttributes`' answer, with React's entities read back (`[&>svg]:size-4`). */
export function classesIn(attributes: string): Set<string> {
	const text = attributes.includes('&') ? attributes.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]!) : attributes
	return new Set(text.split(/\s+/).filter(Boolean))
}

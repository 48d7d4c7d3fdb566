import { describe, expect, test } from 'vitest'
import { classAttributes, classesIn, firstPageRules, selectorClasses } from './first-page-rules.server.ts'

describe('selectorClasses', () => {
	test('reads the classes a selector needs, escapes and all', () => {
		expect(selectorClasses('.flex')).toEqual(['flex'])
		expect(selectorClasses('.sm\\:grid-cols-2')).toEqual(['sm:grid-cols-2'])
		expect(selectorClasses('.w-1\\/2')).toEqual(['w-1/2'])
		expect(selectorClasses('.\\32 xl\\:flex')).toEqual(['2xl:flex'])
		expect(selectorClasses('.\\[\\&\\>svg\\]\\:size-4>svg')).toEqual(['[&>svg]:size-4'])
		expect(selectorClasses('.hover\\:bg-brand-700:hover')).toEqual(['hover:bg-brand-700'])
		expect(selectorClasses('.a .b>.c')).toEqual(['a', 'b', 'c'])
	})

	test('leaves out what stands in parentheses or brackets, which a rule may match without', () => {
		expect(selectorClasses('.group-hover\\:underline:is(:where(.group):hover *)')).toEqual(['group-hover:underline'])
		expect(selectorClasses('.space-y-2>:not(:last-child)')).toEqual(['space-y-2'])
		expect(selectorClasses('.a:not(.b)')).toEqual(['a'])
		expect(selectorClasses('[data-x=".y"]')).toEqual([])
		expect(selectorClasses('.peer:checked~.c')).toEqual(['peer', 'c'])
	})

	test('has none for the base rules', () => {
		expect(selectorClasses('*')).toEqual([])
		expect(selectorClasses('html')).toEqual([])
		expect(selectorClasses('::placeholder')).toEqual([])
	})
})

describe('firstPageRules', () => {
	const css = [
		'/*! tailwindcss v4 | MIT License */',
		'@layer theme,base,utilities;',
		'@layer theme{:root,:host{--color-brand-600:#047857;--color-red-600:red;--font-sans:ui-sans-serif;--default-font:var(--font-sans)}}',
		'@layer base{*,:after,:before{box-sizing:border-box;border:0 solid}html,:host{font-family:var(--default-font)}}',
		'@layer utilities{.flex{display:flex}.hidden{display:none}.bg-brand-600{background-color:var(--color-brand-600)}',
		'.text-red-600{color:var(--color-red-600)}.shadow{--tw-shadow:0 1px #0003;box-shadow:var(--tw-shadow)}',
		'@media (width>=40rem){.sm\\:flex{display:flex}.sm\\:block{display:block}}',
		'@media (hover:hover){.hover\\:bg-brand-600:hover{background-color:var(--color-brand-600)}}',
		'.a:not(.b){color:red}.group-hover\\:x:is(:where(.group):hover *){color:blue}}',
		'@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
		'@property --tw-ring{syntax:"*";inherits:false}',
		'@keyframes spin{to{transform:rotate(360deg)}}',
	].join('')
	const rules = firstPageRules(css)

	test('keeps the rules whose classes the page has, in the stylesheet’s order, and the base rules', () => {
		expect(rules(new Set(['flex', 'sm:block', 'hover:bg-brand-600']))).toBe(
			[
				'/*! tailwindcss v4 | MIT License */',
				'@layer theme,base,utilities;',
				'@layer theme{:root,:host{--color-brand-600:#047857;--font-sans:ui-sans-serif;--default-font:var(--font-sans)}}',
				'@layer base{*,:after,:before{box-sizing:border-box;border:0 solid}html,:host{font-family:var(--default-font)}}',
				'@layer utilities{.flex{display:flex}',
				'@media (width>=40rem){.sm\\:block{display:block}}',
				'@media (hover:hover){.hover\\:bg-brand-600:hover{background-color:var(--color-brand-600)}}}',
				'@keyframes spin{to{transform:rotate(360deg)}}',
			].join(''),
		)
	})

	test('keeps a custom property or an @property only when a kept rule reads it', () => {
		const some = rules(new Set(['text-red-600', 'shadow']))
		expect(some).toContain('--color-red-600:red')
		expect(some).not.toContain('--color-brand-600')
		expect(some).toContain('.shadow{--tw-shadow:0 1px #0003;box-shadow:var(--tw-shadow)}')
		expect(some).toContain('@property --tw-shadow{')
		expect(some).not.toContain('@property --tw-ring')
		// Read through another: the base rule reads --default-font, which reads --font-sans.
		expect(some).toContain('--font-sans:ui-sans-serif;--default-font:var(--font-sans)')
	})

	test('keeps a custom property that something kept whole reads, such as keyframes', () => {
		const some = firstPageRules(':root{--turn:360deg;--unused:1}@keyframes spin{to{transform:rotate(var(--turn))}}')(new Set())
		expect(some).toBe(':root{--turn:360deg}@keyframes spin{to{transform:rotate(var(--turn))}}')
	})

	test('keeps a rule on the classes outside :not() and :is(), and drops a block left empty', () => {
		const some = rules(new Set(['a', 'group-hover:x']))
		expect(some).toContain('.a:not(.b){color:red}')
		expect(some).toContain('.group-hover\\:x:is(:where(.group):hover *){color:blue}')
		expect(some).not.toContain('@media')
	})

	test('a page with every class gets every rule', () => {
		const all = rules(
			new Set([
				'flex',
				'hidden',
				'bg-brand-600',
				'text-red-600',
				'shadow',
				'sm:flex',
				'sm:block',
				'hover:bg-brand-600',
				'a',
				'group-hover:x',
			]),
		)
		expect(all).toBe(css.replace('@property --tw-ring{syntax:"*";inherits:false}', ''))
	})
})

describe('the classes of a page', () => {
	test('are read from every class attribute, with React’s entities read back', () => {
		const page = Buffer.from(
			'<html class="h-full"><body class="min-h-dvh bg-white"><p class="[&amp;&gt;svg]:size-4  flex">₦ <span class="naira">x</span></p></body></html>',
		)
		const attributes = classAttributes(page)
		expect(attributes).toBe('h-full min-h-dvh bg-white [&amp;&gt;svg]:size-4  flex naira')
		expect([...classesIn(attributes)]).toEqual(['h-full', 'min-h-dvh', 'bg-white', '[&>svg]:size-4', 'flex', 'naira'])
	})
})

import {
	ArrowLeft as arrowLeft,
	BellOff as bellOff,
	Bell as bell,
	Check as check,
	ChevronDown as chevronDown,
	CircleAlert as circleAlert,
	CircleCheck as circleCheck,
	CircleMinus as circleMinus,
	Clock as clock,
	Copy as copy,
	FileText as fileText,
	Gift as gift,
	History as history,
	type IconNode,
	LoaderCircle as loaderCircle,
	MailCheck as mailCheck,
	Menu as menu,
	ReceiptText as receiptText,
	SearchX as searchX,
	ShieldCheck as shieldCheck,
	Users as users,
	X as x,
} from 'lucide'
import { createElement, type ReactElement, type SVGProps } from 'react'

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'ref'>
export type Icon = ((props: IconProps) => ReactElement) & { displayName: string }

/** The shapes of an icon as React elements, keyed so that the one array can go in every drawing of it. */
function shapes(node: IconNode): ReactElement[] {
	return node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))
}

/**
 * A lucide icon as an `<svg>` whose shapes are made once, when this module loads (decision 147).
 * lucide-react drew the same markup, but merged its defaults, classes and props into new objects for
 * every icon on every render: 3.5% of home's rendering thread, 7% of a list of invoices with a badge a row.
 * The drawing is lucide's own (`lucide`, the same icons without React); only the `<svg>` around it is
 * made here. It is decorative (`aria-hidden`) unless it is given a label.
 */
function icon(name: string, node: IconNode): Icon {
	const drawn = shapes(node)
	const base = `lucide lucide-${name}`
	const Drawn = ({ className, strokeWidth = 2, ...props }: IconProps) => (
		// biome-ignore lint/a11y/noSvgWithoutTitle: decorative (aria-hidden) unless the caller names it with aria-label
		<svg
			xmlns="http://www.w3.org/2000/svg"
			width={24}
			height={24}
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth={strokeWidth}
			strokeLinecap="round"
			strokeLinejoin="round"
			className={className ? `${base} ${className}` : base}
			aria-hidden={props['aria-label'] || props['aria-labelledby'] ? undefined : true}
			{...props}
		>
			{drawn}
		</svg>
	)
	Drawn.displayName = name
	return Drawn
}

export const ArrowLeft = icon('arrow-left', arrowLeft)
export const Bell = icon('bell', bell)
export const BellOff = icon('bell-off', bellOff)
export const Check = icon('check', check)
export const ChevronDown = icon('chevron-down', chevronDown)
export const CircleAlert = icon('circle-alert', circleAlert)
export const CircleCheck = icon('circle-check', circleCheck)
export const CircleMinus = icon('circle-minus', circleMinus)
export const Clock = icon('clock', clock)
export const Copy = icon('copy', copy)
export const FileText = icon('file-text', fileText)
export const Gift = icon('gift', gift)
export const History = icon('history', history)
export const LoaderCircle = icon('loader-circle', loaderCircle)
export const MailCheck = icon('mail-check', mailCheck)
export const Menu = icon('menu', menu)
export const ReceiptText = icon('receipt-text', receiptText)
export const SearchX = icon('search-x', searchX)
export const ShieldCheck = icon('shield-check', shieldCheck)
export const Users = icon('users', users)
export const X = icon('x', x)

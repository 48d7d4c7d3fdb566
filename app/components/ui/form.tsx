import { getInputProps } from '@conform-to/react'
import type { ChangeEventHandler, ComponentProps, ReactNode } from 'react'
import { useNavigation } from 'react-router'
import { inputClassName } from './input-class.ts'

/** Each message once: a value can break two rules that share a message (too short, and no digit). */
function uniqueMessages(errors?: readonly string[] | null) {
	return [...new Set(errors?.filter(Boolean) ?? [])]
}

/** Messages for one field or the whole form, announced when they appear. */
export function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
	const list = uniqueMessages(errors)
	if (!list.length) return null
	return (
		<ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700" aria-live="polite">
			{list.map((e) => (
				<li key={e}>{e}</li>
			))}
		</ul>
	)
}

/** A form-level message: the API's answer that belongs to no single field. */
export function FormError({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
	const list = uniqueMessages(errors)
	if (!list.length) return null
	return (
		<div id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
			{list.map((e) => (
				<p key={e}>{e}</p>
			))}
		</div>
	)
}

type FieldProps = {
	label: ReactNode
	hint?: ReactNode
	errors?: readonly string[] | null
	id: string
	errorId: string
	children: ReactNode
}

/** Label, control, hint and messages; the control gets its id and aria from the caller (conform). */
export function Field({ label, hint, errors, id, errorId, children }: FieldProps) {
	return (
		<div className="space-y-1">
			<label htmlFor={id} className="block text-sm font-medium text-slate-800">
				{label}
			</label>
			{hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
			{children}
			<ErrorList id={errorId} errors={errors} />
		</div>
	)
}

export function TextInput(props: ComponentProps<'input'>) {
	return <input {...props} className={`${inputClassName} ${props.className ?? ''}`} />
}

export function Select(props: ComponentProps<'select'>) {
	return <select {...props} className={`${inputClassName} bg-white ${props.className ?? ''}`} />
}

const buttonStyles = {
	primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
	secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
	link: 'text-brand-700 underline underline-offset-2 hover:text-brand-800 px-0 py-0',
} as const

export function buttonClass(variant: keyof typeof buttonStyles = 'primary', extra = '') {
	return `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-center text-base font-semibold ${buttonStyles[variant]} ${extra}`
}

type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof buttonStyles }

export function Button({ variant = 'primary', className, ...props }: ButtonProps) {
	return <button {...props} className={buttonClass(variant, className)} />
}

/**
 * A submit button that shows it is working while its own form submits (JavaScript only; without it
 * the browser's own progress shows). `name`/`value` tell apart several actions on one screen.
 */
export function SubmitButton({ children, pendingText, ...props }: ButtonProps & { pendingText?: string }) {
	const navigation = useNavigation()
	const pending =
		navigation.state === 'submitting' &&
		(props.value === undefined || navigation.formData?.get(String(props.name ?? 'intent')) === props.value)
	return (
		<Button type="submit" aria-disabled={pending || undefined} {...props}>
			{pending ? (
				<>
					<span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
					{pendingText ?? 'Please wait…'}
				</>
			) : (
				children
			)}
		</Button>
	)
}

/** The numbered steps of a flow; the current one is announced. */
export function Stepper({ steps, current }: { steps: string[]; current: number }) {
	return (
		<ol className="mb-6 flex gap-2 text-xs sm:text-sm [h1+&]:mt-3" aria-label="Progress">
			{steps.map((step, i) => (
				<li
					key={step}
					aria-current={i === current ? 'step' : undefined}
					className={`flex-1 border-t-4 pt-1 ${i <= current ? 'border-brand-700 font-semibold text-brand-800' : 'border-slate-200 text-slate-600'}`}
				>
					<span className="sr-only">
						Step {i + 1} of {steps.length}:{' '}
					</span>
					{step}
				</li>
			))}
		</ol>
	)
}

/** conform's input props without its `key`, which React will not take through a spread. */
export function inputProps(...args: Parameters<typeof getInputProps>) {
	const { key: _key, ...props } = getInputProps(...args)
	return props
}

export type FieldMeta = Parameters<typeof getInputProps>[0]
type InputType = 'text' | 'email' | 'password' | 'tel' | 'number' | 'date' | 'url' | 'search'

/** A labelled text input bound to a conform field, with its hint and messages. */
export function TextField({
	field,
	label,
	hint,
	type = 'text',
	...props
}: { field: FieldMeta; label: ReactNode; hint?: ReactNode; type?: InputType } & Omit<ComponentProps<'input'>, 'type' | 'name' | 'id'>) {
	return (
		<Field label={label} hint={hint} id={field.id} errorId={field.errorId} errors={field.errors}>
			<TextInput {...inputProps(field, { type })} {...props} />
		</Field>
	)
}

/** First and last name side by side, as every form that asks for a person's name has them. */
export function NameFields({ first, last }: { first: FieldMeta; last: FieldMeta }) {
	return (
		<div className="grid gap-4 sm:grid-cols-2">
			<TextField field={first} label="First name" autoComplete="given-name" />
			<TextField field={last} label="Last name" autoComplete="family-name" />
		</div>
	)
}

/** A file input's look: its own row, as wide as its box and no wider, its button sized for a finger. */
export const FILE_INPUT_CLASS =
	'block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:font-medium'

/** A photo taken with the phone's camera or chosen from its gallery: the form's one file, named `file`. */
export function PhotoInput({ label, onChange }: { label: string; onChange?: ChangeEventHandler<HTMLInputElement> }) {
	return (
		<input
			type="file"
			name="file"
			required
			accept="image/*"
			capture="environment"
			aria-label={label}
			onChange={onChange}
			className={FILE_INPUT_CLASS}
		/>
	)
}

/** A file to upload, with its label, hint and messages. A file input cannot be refilled after an error. */
export function FileField({ label, hint, accept, meta }: { label: string; hint?: string; accept: string; meta: FieldMeta }) {
	return (
		<Field label={label} hint={hint} id={meta.id} errorId={meta.errorId} errors={meta.errors}>
			<input
				type="file"
				id={meta.id}
				name={meta.name}
				required
				accept={accept}
				aria-invalid={meta.errors ? true : undefined}
				aria-describedby={meta.errors ? meta.errorId : undefined}
				className={FILE_INPUT_CLASS}
			/>
		</Field>
	)
}

/** What a staff list or sheet may be. */
export const SPREADSHEET_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

import { type FieldMetadata, getSelectProps } from '@conform-to/react'
import type { FormField } from '#api/contract/catalogue.ts'
import type { ReactNode } from 'react'
import type { Quote } from '#api/contract/quotes.ts'
import { Field, Select, TextInput, inputProps } from '#app/components/ui/form.tsx'
import { FormatInput, NairaInput, PhoneInput } from '#app/components/ui/inputs.tsx'
import { formatNairaFull } from '#app/lib/money.ts'

// The quote form of a product, drawn from its catalogue fields, and the quote the API answers: the
// product page and /register/:productId/buy-plan show the same form and the same quote.

/** The control a catalogue field asks for; the API reads the text of each the same way. */
export function QuoteControl({ field, meta }: { field: FormField; meta: FieldMetadata<string> }) {
	switch (field.kind) {
		case 'select': {
			const { key: _key, ...props } = getSelectProps(meta)
			return (
				<Select {...props}>
					<option value="">Choose…</option>
					{field.options.map((o) => (
						<option key={o.value} value={o.value}>
							{o.label}
						</option>
					))}
				</Select>
			)
		}
		case 'naira':
			return <NairaInput {...inputProps(meta, { type: 'text' })} autoComplete="off" />
		case 'number':
			return <FormatInput {...inputProps(meta, { type: 'text' })} autoComplete="off" />
		case 'phone':
			return <PhoneInput {...inputProps(meta, { type: 'tel' })} />
		case 'date':
		case 'email':
		case 'text':
			return <TextInput {...inputProps(meta, { type: field.kind })} />
	}
}

/** Each of the product's fields with its label, hint and messages. */
export function QuoteFields({ fields, metas }: { fields: readonly FormField[]; metas: Record<string, FieldMetadata<string>> }) {
	return fields.map((field) => {
		const meta = metas[field.name]!
		return (
			<Field key={field.name} label={field.label} hint={field.hint} id={meta.id} errorId={meta.errorId} errors={meta.errors}>
				<QuoteControl field={field} meta={meta} />
			</Field>
		)
	})
}

/** The quote's lines and its total. */
export function QuoteLines({ quote }: { quote: Pick<Quote, 'lines' | 'total'> }) {
	return (
		<dl className="divide-y divide-slate-100 text-sm">
			{quote.lines.map((line) => (
				<div key={line.label} className="flex justify-between gap-4 py-2">
					<dt className="text-slate-700">{line.label}</dt>
					<dd className="whitespace-nowrap">{formatNairaFull(line.amount)}</dd>
				</div>
			))}
			<div className="flex justify-between gap-4 py-2 text-base">
				<dt className="font-semibold">Total</dt>
				<dd className="whitespace-nowrap font-bold">{formatNairaFull(quote.total)}</dd>
			</div>
		</dl>
	)
}

/** The fields of a quote as the customer reads them (label and value); `children` adds rows. */
export function QuoteDetails({ details, children }: { details: ReadonlyArray<{ label: string; value: string }>; children?: ReactNode }) {
	return (
		<dl className="space-y-1 text-sm">
			{details.map((d) => (
				<div key={d.label} className="flex justify-between gap-4">
					<dt className="text-slate-700">{d.label}</dt>
					<dd>{d.value}</dd>
				</div>
			))}
			{children}
		</dl>
	)
}

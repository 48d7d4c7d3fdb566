import { ErrorList, TextInput } from './form.tsx'

type End = 'from' | 'to'

/**
 * A filter form's pair of days, `from` and `to`, for a GET form whose controls wrap in a row: on a
 * phone each takes the form's width, one under the other, so the two line up; from 640 px each is
 * 11rem, room for a day. Each field's error is listed under it and named by its input.
 */
export function DateRangeFields({
	idPrefix,
	labels = { from: 'From', to: 'To' },
	values,
	errors = {},
}: {
	/** The ids are `${idPrefix}-from` and `${idPrefix}-to`; their errors' `${id}-error`. */
	idPrefix: string
	labels?: Record<End, string>
	values: Partial<Record<End, string>>
	errors?: Partial<Record<End, string | undefined>>
}) {
	return (['from', 'to'] as const).map((name) => {
		const id = `${idPrefix}-${name}`
		const error = errors[name]
		return (
			<div key={name} className="w-full space-y-1 sm:w-44">
				<label htmlFor={id} className="block text-sm font-medium text-slate-800">
					{labels[name]}
				</label>
				<TextInput
					id={id}
					type="date"
					name={name}
					defaultValue={values[name]}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? `${id}-error` : undefined}
				/>
				<ErrorList id={`${id}-error`} errors={error ? [error] : null} />
			</div>
		)
	})
}

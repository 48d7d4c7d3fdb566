import { normalizePhoneInput } from '#app/lib/phone.ts'
import { Field, type FieldMeta, inputProps } from './form.tsx'
import { NormalizedInput, type NormalizedInputProps } from './normalized-input.tsx'

// Its own module: sign-up and KYC need the phone field alone, not the money inputs' code.
/** Nigerian telephone number: digits and '+', starts with 0, 2 or +234, 11 or 13 characters (spec section 5). */
export function PhoneInput(props: NormalizedInputProps) {
	return <NormalizedInput inputMode="tel" autoComplete="tel" {...props} type="tel" normalize={normalizePhoneInput} />
}

/** A form's phone number: its label, the example every form gives, the input and its errors. */
export function PhoneField({ field }: { field: FieldMeta }) {
	return (
		<Field label="Phone number" hint="Like 08031234567" id={field.id} errorId={field.errorId} errors={field.errors}>
			<PhoneInput {...inputProps(field, { type: 'tel' })} />
		</Field>
	)
}

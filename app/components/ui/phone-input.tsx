import { normalizePhoneInput } from '#app/lib/phone.ts'
import { NormalizedInput, type NormalizedInputProps } from './normalized-input.tsx'

// Its own module: sign-up and KYC need the phone field alone, not the money inputs' code.
/** Nigerian telephone number: digits and '+', starts with 0, 2 or +234, 11 or 13 characters (spec section 5). */
export function PhoneInput(props: NormalizedInputProps) {
	return <NormalizedInput inputMode="tel" autoComplete="tel" {...props} type="tel" normalize={normalizePhoneInput} />
}

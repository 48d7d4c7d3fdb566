import type { getInputProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { PASSWORD_RULE } from '#api/contract/rules.ts'
import { Field, NameFields, Select, TextField } from '#app/components/ui/form.tsx'
import { PhoneField } from '#app/components/ui/phone-input.tsx'

type FieldMeta = Parameters<typeof getInputProps>[0]
type AccountFieldName = 'business_name' | 'first_name' | 'last_name' | 'email' | 'phone' | 'password' | 'heard_from'

/** The values of a sign-up form, as conform holds them. */
export type AccountFormValues = Record<AccountFieldName | 'account_type', string>

/**
 * The details a new account gives (/register and /register/:productId/create-account): the business
 * name when asked for, the person's name, email, phone and password, and how they heard of us (decision
 * 111). `afterEmail` sits under the email.
 * remix-utils' hidden honeypot field comes with them: sign-up checks it (app/server/honeypot.server.ts).
 */
export function AccountFields({
	fields,
	businessName,
	afterEmail,
	channels,
}: {
	fields: Record<AccountFieldName, FieldMeta>
	businessName: { hint?: string } | null
	afterEmail?: ReactNode
	/** Spec section 9's referral channels, from the loader (so their words are not in the page's script). */
	channels: ReadonlyArray<{ value: string; label: string }>
}) {
	const heard = fields.heard_from
	return (
		<>
			{businessName ? (
				<TextField field={fields.business_name} label="Business name" hint={businessName.hint} autoComplete="organization" />
			) : null}
			<NameFields first={fields.first_name} last={fields.last_name} />
			<TextField field={fields.email} label="Email address" type="email" autoComplete="email" />
			{afterEmail}
			<PhoneField field={fields.phone} />
			<TextField field={fields.password} label="Password" hint={PASSWORD_RULE} type="password" autoComplete="new-password" />
			<Field label="How did you hear about us?" hint="Optional" id={heard.id} errorId={heard.errorId} errors={heard.errors}>
				<Select id={heard.id} name={heard.name} defaultValue={heard.initialValue as string | undefined}>
					<option value="">Choose one</option>
					{channels.map((c) => (
						<option key={c.value} value={c.value}>
							{c.label}
						</option>
					))}
				</Select>
			</Field>
			<HoneypotInputs className="hidden" />
		</>
	)
}

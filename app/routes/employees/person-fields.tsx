import type { getInputProps } from '@conform-to/react'
import { Field, NameFields, Select, TextField } from '#app/components/ui/form.tsx'
import { PhoneField } from '#app/components/ui/phone-input.tsx'

type FieldMeta = Parameters<typeof getInputProps>[0]
type PersonFieldMetas = {
	first_name: FieldMeta
	last_name: FieldMeta
	email: FieldMeta
	phone: FieldMeta
	gender: FieldMeta
	date_of_birth: FieldMeta
}

/** A person's details: the add, edit, replace and custodian forms all ask the same. */
export function PersonFields({ fields, dateOfBirthHint }: { fields: PersonFieldMetas; dateOfBirthHint?: string }) {
	return (
		<>
			<NameFields first={fields.first_name} last={fields.last_name} />
			<TextField field={fields.email} label="Email address" type="email" autoComplete="off" />
			<PhoneField field={fields.phone} />
			<Field label="Gender" id={fields.gender.id} errorId={fields.gender.errorId} errors={fields.gender.errors}>
				<Select
					id={fields.gender.id}
					name={fields.gender.name}
					defaultValue={fields.gender.initialValue as string | undefined}
					aria-invalid={fields.gender.errors ? true : undefined}
					aria-describedby={fields.gender.errors ? fields.gender.errorId : undefined}
				>
					<option value="">Choose</option>
					<option value="female">Female</option>
					<option value="male">Male</option>
				</Select>
			</Field>
			<TextField field={fields.date_of_birth} label="Date of birth (optional)" type="date" hint={dateOfBirthHint} />
		</>
	)
}

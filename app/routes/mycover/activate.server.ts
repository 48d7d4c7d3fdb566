import type { Activation } from '#api/contract/catalogue.ts'

/**
 * The form as sent, in two: its text (to give back to the form on an error) and what goes on to the
 * API, only the product's fields and documents.
 */
export function splitActivationForm(activation: Activation, form: FormData) {
	const text = new FormData()
	const upload = new FormData()
	for (const field of activation.fields) {
		const value = form.get(field.name)
		if (typeof value !== 'string') continue
		text.set(field.name, value)
		upload.set(field.name, value)
	}
	for (const doc of activation.documents) {
		const file = form.get(doc.name)
		if (file instanceof File && file.size > 0) upload.set(doc.name, file, file.name)
	}
	return { text, upload }
}

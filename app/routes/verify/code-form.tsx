import { Form } from 'react-router'
import { Button, ErrorList, TextInput } from '#app/components/ui/form.tsx'

/** Check a code typed from paper: a GET form, so it works without JavaScript and the result has its own URL. */
export function CodeForm({ code, error }: { code?: string; error?: string | null }) {
	return (
		<Form method="get" action="/verify" className="space-y-2">
			<label htmlFor="code" className="block text-sm font-medium text-slate-800">
				Verification code
			</label>
			<p id="code-hint" className="text-xs text-slate-600">
				Printed on the certificate or receipt, like 7KQ2-M9XD-4TAB.
			</p>
			<div className="flex gap-2">
				<TextInput
					id="code"
					name="code"
					defaultValue={code}
					required
					autoComplete="off"
					autoCapitalize="characters"
					spellCheck={false}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'code-hint code-error' : 'code-hint'}
				/>
				<Button type="submit">Check</Button>
			</div>
			<ErrorList id="code-error" errors={error ? [error] : null} />
		</Form>
	)
}

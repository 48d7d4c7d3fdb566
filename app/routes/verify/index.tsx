import { data, redirect, useLoaderData } from 'react-router'
import { VerificationCode } from '#api/contract/documents.ts'
import type { Route } from './+types/index'
import { CodeForm } from './code-form.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Verify a certificate or receipt · Cover Portal' }]

/** The form's GET: a code that reads as one goes to its own page; anything else is told so, as typed. */
export function loader({ request }: Route.LoaderArgs) {
	const typed = new URL(request.url).searchParams.get('code')
	if (typed === null) return { code: '', error: null }
	const code = VerificationCode.safeParse(typed)
	if (code.success) throw redirect(`/verify/${code.data}`)
	return data({ code: typed, error: code.error.issues[0]!.message }, { status: 400 })
}

export default function Verify() {
	const { code, error } = useLoaderData<typeof loader>()
	return (
		<>
			<h1 className="text-2xl font-bold">Verify a certificate or receipt</h1>
			<p className="mt-2 mb-6 text-slate-700">
				Every certificate and receipt from Cover Portal carries a verification code. Enter it to see whether the document is genuine.
			</p>
			<CodeForm code={code} error={error} />
		</>
	)
}

import { Form, Link } from 'react-router'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { SubmitButton, buttonClass } from '#app/components/ui/form.tsx'
import type { CacDialogState } from './index.tsx'

/** The CAC verification dialog of home (`/?dialog=cac`): look the company up, then confirm it. */
export default function CacDialog({ cac, actionError }: { cac: CacDialogState; actionError: string | null }) {
	const error = actionError ?? cac.error
	return (
		<Dialog title="Verify your company with the CAC" closeTo="/">
			{error ? (
				<div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
					<p>{error}</p>
					<p className="mt-1">
						<Link to="/update/kyc" className="font-medium underline">
							Check your registration number
						</Link>
					</p>
				</div>
			) : null}
			{cac.step === 'lookup' ? (
				<Form method="post" className="space-y-4">
					<p className="text-slate-700">
						We will look up your business with the Corporate Affairs Commission, using the registration you gave us.
					</p>
					<dl className="grid gap-3 sm:grid-cols-2">
						<div>
							<dt className="text-sm text-slate-600">Registered as</dt>
							<dd className="font-medium">{cac.type}</dd>
						</div>
						<div>
							<dt className="text-sm text-slate-600">Registration number</dt>
							<dd className="font-medium">{cac.number}</dd>
						</div>
					</dl>
					<SubmitButton name="intent" value="lookup" pendingText="Looking up…">
						Look up my company
					</SubmitButton>
				</Form>
			) : (
				<Form method="post" className="space-y-4">
					<p className="text-slate-700">
						We found <strong className="text-slate-900">{cac.found}</strong>. Is this your company?
					</p>
					<p className="text-sm text-slate-600">
						Registration number {cac.number}. Once verified, your business carries the name registered with the CAC.
					</p>
					<input type="hidden" name="name" value={cac.found ?? ''} />
					<div className="flex flex-wrap items-center gap-3">
						<SubmitButton name="intent" value="confirm" pendingText="Verifying…">
							Yes, verify
						</SubmitButton>
						<Link to="/update/kyc" className={buttonClass('secondary')}>
							No, change my number
						</Link>
					</div>
				</Form>
			)}
		</Dialog>
	)
}

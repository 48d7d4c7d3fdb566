import { data, useLoaderData } from 'react-router'
import { formatDayTime, formatDays } from '#api/contract/dates.ts'
import { formatNairaFull } from '#app/lib/money.ts'
import { ApiCallError } from '#app/server/api.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'
import { Details } from '#app/components/ui/panel.tsx'
import { typeLabel } from '#app/lib/transaction-labels.ts'
import type { Route } from './+types/code'
import { CodeForm } from './code-form.tsx'

export const meta: Route.MetaFunction = ({ data: loaded }) => [
	{ title: `${loaded?.document ? 'Genuine document' : 'Document not found'} · Verify · Cover Portal` },
	{ name: 'robots', content: 'noindex' },
]

/** Public: what the API confirms for the code, or a 404 page that offers to check another code. */
export async function loader({ params, context }: Route.LoaderArgs) {
	try {
		return { document: (await apiFrom(context).verifyDocument(params.code)).data, code: params.code }
	} catch (error) {
		if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) {
			return data({ document: null, code: params.code }, { status: 404 })
		}
		throw error
	}
}

export default function VerifyCode() {
	const { document: doc, code } = useLoaderData<typeof loader>()
	if (!doc) {
		return (
			<>
				<h1 className="text-2xl font-bold">Document not found</h1>
				<p className="mt-2 mb-6 text-slate-700">
					No certificate or receipt has the code <span className="font-mono font-semibold">{code}</span>. Check the code on the paper and
					try again; a document whose code is not found here was not issued by Cover Portal.
				</p>
				<CodeForm code={code} />
			</>
		)
	}
	const items =
		doc.kind === 'certificate'
			? [
					{ label: 'Policy number', value: doc.policy_number },
					{ label: 'Policyholder', value: doc.holder },
					{ label: 'Product', value: doc.product },
					{ label: 'Insurer', value: doc.provider },
					{ label: 'Cover', value: formatDays(doc.cover_start, doc.cover_end) },
					{
						label: 'Status',
						value: <StatusBadge kind="certificate" status={doc.status} />,
					},
				]
			: [
					{ label: 'Reference', value: <span className="break-all font-mono text-sm">{doc.reference}</span> },
					{ label: 'Customer', value: doc.holder },
					{ label: 'Transaction', value: typeLabel(doc.type) },
					{ label: 'Amount', value: formatNairaFull(doc.amount) },
					{ label: 'Date', value: <time dateTime={doc.paid_at}>{formatDayTime(doc.paid_at)}</time> },
					{ label: 'Status', value: <StatusBadge kind="transaction" status={doc.status} /> },
				]
	return (
		<>
			<h1 className="text-2xl font-bold">{doc.kind === 'certificate' ? 'Genuine certificate' : 'Genuine receipt'}</h1>
			<p className="mt-2 text-slate-700">
				Cover Portal issued the {doc.kind} with the code <span className="font-mono font-semibold">{doc.code}</span>. It should say what is
				below; if the paper says otherwise, it has been altered.
			</p>
			<section
				aria-label={doc.kind === 'certificate' ? 'The certificate' : 'The receipt'}
				className="mt-6 rounded-xl border border-emerald-300 bg-white p-5"
			>
				<Details items={items} />
			</section>
			<h2 className="mt-8 mb-2 text-lg font-semibold">Check another document</h2>
			<CodeForm />
		</>
	)
}

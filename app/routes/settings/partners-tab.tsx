import { type SubmissionResult, getFormProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import type { PartnerKey } from '#api/contract/kit.ts'
import { formatDay } from '#api/contract/dates.ts'
import { Button, FormError, SubmitButton, TextField } from '#app/components/ui/form.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { Link } from '#app/components/ui/link.tsx'
import { Cell, ResponsiveTable } from '#app/components/ui/table.tsx'

type Result = SubmissionResult<string[]> | undefined

type Props = {
	keys: PartnerKey[]
	constraint: Parameters<typeof useForm>[0]['constraint']
	result: Result
	/** The key just made, with its secrets: on this answer only. */
	created: (PartnerKey & { secret_key: string; webhook_secret: string }) | null
}

/**
 * The embedded kit's partner keys (docs/decisions/074-partner-keys.md): made, listed and revoked here.
 * A new key's secrets show once, on the answer to its making, and never again.
 */
export function PartnersTab({ keys, constraint, result, created }: Props) {
	return (
		<div className="space-y-6">
			{created ? <NewSecrets created={created} /> : null}
			<Panel id="partner-keys-heading" title="Partner keys">
				<p className="-mt-2 mb-4 text-sm text-slate-600">
					Your website or app opens the embedded kit with these: your server sends the secret key to make a kit session, and checks our
					webhooks with the webhook secret.{' '}
					<Link to="/partners" className="text-brand-700 underline">
						The guide for your developers
					</Link>{' '}
					says how, step by step.
				</p>
				{keys.length ? (
					<ResponsiveTable caption="Partner keys" columns={['Name', 'Public key', 'Secret key', 'Webhook', 'Created', 'Status']} actions>
						{keys.map((k) => (
							<tr key={k.id}>
								<Cell header>{k.name}</Cell>
								<Cell label="Public key" className="break-all font-mono text-xs">
									{k.public_key}
								</Cell>
								<Cell label="Secret key" className="font-mono text-xs">
									sk_kit_…{k.secret_hint}
								</Cell>
								<Cell label="Webhook" className="break-all">
									{k.webhook_url ?? 'None'}
								</Cell>
								<Cell label="Created">{formatDay(k.created_at)}</Cell>
								<Cell label="Status">{k.revoked_at ? `Revoked ${formatDay(k.revoked_at)}` : 'Active'}</Cell>
								<Cell>
									{k.revoked_at ? null : (
										<Form method="post">
											<input type="hidden" name="key_id" value={k.id} />
											<Button type="submit" name="intent" value="revoke-key" variant="secondary" className="min-h-9 px-3 py-1 text-sm">
												Revoke<span className="sr-only"> the key {k.name}</span>
											</Button>
										</Form>
									)}
								</Cell>
							</tr>
						))}
					</ResponsiveTable>
				) : (
					<p className="text-sm text-slate-700">No partner keys yet.</p>
				)}
			</Panel>
			<NewKeyForm constraint={constraint} result={result} />
		</div>
	)
}

function NewSecrets({ created }: { created: NonNullable<Props['created']> }) {
	return (
		<section aria-labelledby="new-key-heading" role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-5">
			<h2 id="new-key-heading" className="mb-2 font-semibold">
				Copy the secrets of {created.name} now
			</h2>
			<p className="mb-3 text-sm text-slate-800">They are not shown again. Keep them on your server, never in a web page.</p>
			<dl className="space-y-2 text-sm">
				{[
					['Public key', created.public_key],
					['Secret key', created.secret_key],
					['Webhook secret', created.webhook_secret],
				].map(([label, value]) => (
					<div key={label}>
						<dt className="font-medium">{label}</dt>
						<dd>
							<code className="break-all rounded bg-white px-1 py-0.5">{value}</code>
						</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

function NewKeyForm({ constraint, result }: { constraint: Props['constraint']; result: Result }) {
	const [form, fields] = useForm({ id: 'partner-key', lastResult: result, constraint })
	return (
		<Panel id="new-partner-key-heading" title="Make a partner key">
			<Form method="post" className="max-w-xl space-y-4" {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<TextField field={fields.name} label="Name" hint='Where you use it, like "Website checkout".' autoComplete="off" />
				<TextField
					field={fields.webhook_url}
					label="Webhook address (optional)"
					hint="We POST each completed kit session here, signed with the webhook secret."
					type="url"
					autoComplete="off"
				/>
				<SubmitButton name="intent" value="create-key" pendingText="Making…">
					Make key
				</SubmitButton>
			</Form>
		</Panel>
	)
}

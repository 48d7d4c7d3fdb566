import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, data, redirect, useActionData, useLoaderData } from 'react-router'
import { QuoteFields } from '#app/components/quote-fields.tsx'
import { FileField, FormError, SubmitButton } from '#app/components/ui/form.tsx'
import { panelClass } from '#app/components/ui/panel.tsx'
import { requirePermission } from '#app/server/auth.server.ts'
import { replyWithApiError, readForm } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast } from '#app/server/toast.server.ts'
import type { Route } from './+types/activate'
// The API checks the values (decision 014); the portal only keeps what was typed.
import { TypedValuesSchema, quoteConstraint } from '#app/server/product.server.ts'
import { splitActivationForm } from './activate.server.ts'
import { loadPolicy } from './mycover.server.ts'
import { PolicyCrumb } from './parts.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Activate your policy · Cover Portal' }]

/** The product's activation fields and documents, for a pending policy; an active one has nothing to do. */
async function load(args: Route.LoaderArgs | Route.ActionArgs) {
	await requirePermission(args, 'plans.manage')
	const api = apiFrom(args.context)
	const policy = await loadPolicy(api, args.params.planId)
	// A staff plan is activated from its staff sheet (decision 016).
	if (policy.kind === 'plan') throw redirect(`/mycover/${policy.id}/activate-staff`)
	const product = (await api.getProduct(String(policy.product_id))).data
	if (!policy.is_pending || !product.activation) throw redirect(`/mycover/${policy.id}`)
	return { api, policy, activation: product.activation }
}

export async function loader(args: Route.LoaderArgs) {
	const { policy, activation } = await load(args)
	return {
		policy: { id: policy.id, policy_number: policy.policy_number, product_name: policy.product_name },
		activation,
		constraint: quoteConstraint(activation.fields),
	}
}

/**
 * The details and files go on to the API as multipart (decision 014): it checks each file by its first
 * bytes and size, and its messages come back beside the fields. Typed values are kept; files cannot
 * be put back into a file input, so the form asks for them again.
 */
export async function action(args: Route.ActionArgs) {
	const { api, policy, activation } = await load(args)
	const formData = await readForm(args.request, 'Send the activation form again.')
	const { text, upload } = splitActivationForm(activation, formData)
	const submission = parseWithZod(text, { schema: TypedValuesSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		const { message } = await api.activatePolicy(policy.id, upload)
		return redirectWithToast(args.request, `/mycover/${policy.id}`, {
			type: 'success',
			description: message ?? `Policy ${policy.policy_number} is active.`,
		})
	} catch (error) {
		return replyWithApiError(submission, error)
	}
}

const KINDS: Record<string, string> = { 'image/jpeg': 'JPG', 'image/png': 'PNG', 'application/pdf': 'PDF' }

/** 'JPG, PNG or PDF' from the media types a document accepts. */
function fileKinds(accept: readonly string[]) {
	const names = accept.map((t) => KINDS[t] ?? t)
	return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '')
}

export default function ActivatePolicy() {
	const { policy, activation, constraint } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm<Record<string, string>>({ id: 'activate', lastResult: actionData?.result, constraint })
	return (
		<>
			<PolicyCrumb policy={policy} />
			<h1 className="text-2xl font-bold">Activate {policy.product_name}</h1>
			<p className="mt-1 text-slate-600">Cover starts once we have these details.</p>
			<Form method="post" encType="multipart/form-data" className={`mt-6 space-y-5 ${panelClass}`} {...getFormProps(form)}>
				<FormError id={form.errorId} errors={form.errors} />
				<QuoteFields fields={activation.fields} metas={fields} />
				{activation.documents.map((doc) => (
					<FileField
						key={doc.name}
						label={doc.label}
						hint={`${doc.hint} ${fileKinds(doc.accept)}, up to 5 MB.`}
						accept={doc.accept.join(',')}
						meta={fields[doc.name]!}
					/>
				))}
				{activation.inspection ? (
					<p className="text-sm text-slate-700">
						Own-damage cover also starts after the vehicle is inspected; we will contact you to arrange it.
					</p>
				) : null}
				<SubmitButton pendingText="Sending…">Activate</SubmitButton>
			</Form>
		</>
	)
}

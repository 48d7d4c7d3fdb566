import { parseWithZod } from '@conform-to/zod/v4'
import { type RouterContextProvider, data } from 'react-router'
import type { z } from 'zod'
import type { Policy } from '#api/contract/purchases.ts'
import { orNotFound, throwIfNotFound } from '#app/server/api-errors.server.ts'
import { requirePermission } from '#app/server/auth.server.ts'
import { readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import type { InsurerCalls } from '#app/server/insurer.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'

export const POLICY_NOT_FOUND = 'We could not find that policy.'

/** The policy of the URL with its details, or a 404 page: another business's policy is not there. */
export async function loadPolicy(api: InsurerCalls, id: string) {
	return (await orNotFound(api.getPolicy(id), POLICY_NOT_FOUND)).data
}

/** A screen that changes a policy: plans.manage, and the policy of the URL (another business's is a 404). */
export async function loadForManaging(args: { request: Request; context: Readonly<RouterContextProvider>; params: { planId: string } }) {
	const { user } = await requirePermission(args, 'plans.manage')
	const api = apiFrom(args.context)
	const policy = await loadPolicy(api, args.params.planId)
	return { user, api, policy }
}

type ManagingArgs = Parameters<typeof loadForManaging>[0]

/**
 * A managing screen's one-step form: checked with its schema, sent with `send`, then the policy's page
 * with the API's words (or `done`). A refusal stays on the form, what was typed kept, the API's message
 * beside its field; another business's policy is a 404.
 */
export async function submitManaging<S extends z.ZodType>(
	args: ManagingArgs,
	schema: S,
	send: (api: InsurerCalls, policy: Policy, value: z.output<S>) => Promise<{ message?: string }>,
	done: string,
) {
	const { api, policy } = await loadForManaging(args)
	const submission = parseWithZod(await readForm(args.request), { schema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	let answer
	try {
		answer = await send(api, policy, submission.value)
	} catch (error) {
		throwIfNotFound(error)
		return replyWithApiError(submission, error)
	}
	return redirectWithToast(args.request, `/mycover/${policy.id}`, toastFor(200, answer.message ?? done))
}

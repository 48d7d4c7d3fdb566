import { parseWithZod } from '@conform-to/zod/v4'
import { data, useActionData, useLoaderData } from 'react-router'
import { z } from 'zod'
import { Link } from '#app/components/ui/link.tsx'
import { Email, Id, Name, Password } from '#api/contract/common.ts'
import type { CreatedPartnerKey } from '#api/contract/kit.ts'
import { requirePermission, requireReadyUser, userPermissions } from '#app/server/auth.server.ts'
import { formConstraint, readForm, replyWithApiError } from '#app/server/forms.server.ts'
import { apiFrom } from '#app/server/api-from.server.ts'
import { redirectWithToast, toastFor } from '#app/server/toast.server.ts'
import type { Route } from './+types/index'
import { ActivityTab } from './activity-tab.tsx'
import { BusinessTab } from './business-tab.tsx'
import { ProfileTab } from './profile-tab.tsx'
import { SecurityTab } from './security-tab.tsx'
import { PartnersTab } from './partners-tab.tsx'
import { loadActivity } from './settings.server.ts'
import { TeamTab } from './team-tab.tsx'

/** The tabs of /settings, each shown only to a role holding its permission; a team is for businesses only. */
const TABS = [
	{ key: 'profile', label: 'Profile', permission: null, businessOnly: false },
	{ key: 'security', label: 'Security', permission: null, businessOnly: false },
	{ key: 'business', label: 'Business', permission: 'business.view', businessOnly: false },
	{ key: 'team', label: 'Team', permission: 'team.view', businessOnly: true },
	{ key: 'activity', label: 'Activity', permission: 'activities.view', businessOnly: false },
	// The embedded kit's keys: only who may change the business's details may hand out its keys.
	{ key: 'partners', label: 'Partner keys', permission: 'business.manage', businessOnly: true },
] as const

const INVITE_EMAIL = 'Enter the email address to invite.'

const SettingsSchema = z.discriminatedUnion('intent', [
	z
		.object({
			intent: z.literal('password'),
			current_password: z.string({ message: 'Enter your current password.' }),
			new_password: Password,
			confirm_password: z.string({ message: 'Type the new password again.' }),
		})
		.refine((v) => v.new_password === v.confirm_password, {
			path: ['confirm_password'],
			message: 'The two passwords are not the same.',
		}),
	z.object({
		intent: z.literal('invite'),
		email: z.string({ message: INVITE_EMAIL }).trim().min(1, INVITE_EMAIL).pipe(Email),
		role_id: z.uuid({ message: 'Choose a role.' }),
		first_name: Name('their first name').optional(),
		last_name: Name('their last name').optional(),
	}),
	z.object({ intent: z.literal('resend'), invitation_id: Id }),
	z.object({ intent: z.literal('revoke'), invitation_id: Id }),
	z.object({
		intent: z.literal('create-key'),
		name: z.string({ message: 'Name the key, like "Website checkout".' }).trim().max(60, 'Use at most 60 characters for the name.'),
		webhook_url: z.string().trim().optional(),
	}),
	z.object({ intent: z.literal('revoke-key'), key_id: Id }),
])

const PASSWORD_FIELDS = ['current_password', 'new_password', 'confirm_password']

export const meta: Route.MetaFunction = () => [{ title: 'Settings · Cover Portal' }]

export async function loader(args: Route.LoaderArgs) {
	const user = await requireReadyUser(args)
	const permissions = await userPermissions(args, user)
	const url = new URL(args.request.url)
	const isBusiness = user.customer.kind === 'business'
	const tab = TABS.find((t) => t.key === (url.searchParams.get('tab') || 'profile') && (isBusiness || !t.businessOnly))
	if (!tab) throw data('We could not find that part of your settings.', { status: 404 })
	// The same 403 and message as every screen a role may not open.
	if (tab.permission) await requirePermission(args, tab.permission)
	const shown = TABS.filter((t) => (isBusiness || !t.businessOnly) && (!t.permission || permissions.includes(t.permission)))
	const tabs = shown.map((t) => ({
		key: t.key,
		label: t.key === 'business' && !isBusiness ? 'Your details' : t.label,
	}))
	const api = apiFrom(args.context)
	switch (tab.key) {
		case 'profile':
			return {
				tabs,
				view: {
					tab: 'profile' as const,
					name: `${user.first_name} ${user.last_name}`,
					email: user.email,
					phone: user.phone,
					role: user.role.name,
				},
			}
		case 'security':
			return { tabs, view: { tab: 'security' as const, constraint: formConstraint(SettingsSchema) } }
		case 'business':
			return {
				tabs,
				view: { tab: 'business' as const, customer: user.customer, canManage: permissions.includes('business.manage') },
			}
		case 'team': {
			const canManage = permissions.includes('team.manage')
			const [team, roles] = await Promise.all([api.getTeam(user.customer.id), canManage ? api.getRoles() : null])
			return {
				tabs,
				view: {
					tab: 'team' as const,
					canManage,
					members: team.data.members,
					invitations: team.data.invitations,
					// Only roles the user holds every permission of: the API gives no others.
					roles: (roles?.data ?? [])
						.filter((r) => r.permissions.every((p) => permissions.includes(p)))
						.map((r) => ({ id: r.id, name: r.name })),
					constraint: formConstraint(SettingsSchema),
				},
			}
		}
		case 'activity': {
			const { view, status } = await loadActivity(api, url.searchParams)
			return data({ tabs, view: { tab: 'activity' as const, ...view } }, { status })
		}
		case 'partners':
			return {
				tabs,
				view: { tab: 'partners' as const, keys: (await api.getPartnerKeys()).data, constraint: formConstraint(SettingsSchema) },
			}
	}
}

export async function action(args: Route.ActionArgs) {
	const { request, context } = args
	const formData = await readForm(request)
	const intent = formData.get('intent')
	const user =
		intent === 'invite' || intent === 'resend' || intent === 'revoke'
			? (await requirePermission(args, 'team.manage')).user
			: intent === 'create-key' || intent === 'revoke-key'
				? (await requirePermission(args, 'business.manage')).user
				: await requireReadyUser(args)
	const submission = parseWithZod(formData, { schema: SettingsSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 })
	}
	const api = apiFrom(context)
	const value = submission.value
	const back = (tab: string, message: string) => redirectWithToast(request, `/settings?tab=${tab}`, toastFor(200, message))
	try {
		switch (value.intent) {
			case 'password': {
				const done = await api.changePassword(user.id, {
					current_password: value.current_password,
					new_password: value.new_password,
				})
				return back('security', done.data.message)
			}
			case 'invite': {
				const { intent: _intent, ...body } = value
				const sent = await api.createInvitation(body)
				return back('team', sent.message ?? `Invitation sent to ${sent.data.email}.`)
			}
			case 'resend': {
				const sent = await api.resendInvitation(value.invitation_id)
				return back('team', sent.message ?? `Invitation sent again to ${sent.data.email}.`)
			}
			case 'revoke': {
				const revoked = await api.revokeInvitation(value.invitation_id)
				return back('team', revoked.message ?? `Invitation to ${revoked.data.email} revoked.`)
			}
			case 'create-key': {
				const made = await api.createPartnerKey({ name: value.name, webhook_url: value.webhook_url ?? '' })
				// Not a redirect: the secrets are shown on this answer and nowhere else.
				return data({ result: submission.reply({ resetForm: true }), created: made.data }, { status: 201 })
			}
			case 'revoke-key': {
				const revoked = await api.revokePartnerKey(value.key_id)
				return back('partners', revoked.message ?? `Partner key ${revoked.data.name} revoked.`)
			}
		}
	} catch (error) {
		return replyWithApiError(submission, error, PASSWORD_FIELDS)
	}
}

export default function Settings() {
	const { tabs, view } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const result = actionData?.result
	const created = actionData && 'created' in actionData ? (actionData.created as z.infer<typeof CreatedPartnerKey>) : null
	// Each form takes only the answer to its own submission.
	const intent = result?.initialValue?.intent
	return (
		<div className="space-y-6">
			<h1 className="text-2xl font-bold">Settings</h1>
			<nav aria-label="Settings" className="border-b border-slate-200">
				<ul className="-mb-px flex gap-1 overflow-x-auto">
					{tabs.map((t) => (
						<li key={t.key}>
							<Link
								to={`/settings?tab=${t.key}`}
								aria-current={t.key === view.tab ? 'page' : undefined}
								className={`block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
									t.key === view.tab
										? 'border-brand-700 text-brand-800'
										: 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
								}`}
							>
								{t.label}
							</Link>
						</li>
					))}
				</ul>
			</nav>
			{view.tab === 'profile' ? <ProfileTab {...view} /> : null}
			{view.tab === 'security' ? <SecurityTab constraint={view.constraint} result={intent === 'password' ? result : undefined} /> : null}
			{view.tab === 'business' ? <BusinessTab customer={view.customer} canManage={view.canManage} /> : null}
			{view.tab === 'team' ? (
				<TeamTab
					{...view}
					inviteResult={intent === 'invite' ? result : undefined}
					invitationResult={intent === 'resend' || intent === 'revoke' ? result : undefined}
				/>
			) : null}
			{view.tab === 'activity' ? <ActivityTab {...view} /> : null}
			{view.tab === 'partners' ? (
				<PartnersTab
					keys={view.keys}
					constraint={view.constraint}
					result={intent === 'create-key' || intent === 'revoke-key' ? result : undefined}
					created={created}
				/>
			) : null}
		</div>
	)
}

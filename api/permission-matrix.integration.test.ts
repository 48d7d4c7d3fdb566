import { randomUUID } from 'node:crypto'
import { beforeAll, expect, test } from 'vitest'
import { routes } from '#api/app.ts'
import { SEED_ROLES } from '#api/domain/permissions.ts'
import type { AnyRoute } from '#api/http.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

/**
 * Every route that needs a signed-in user, called by a member of each seeded role with a harmless
 * request: ids nobody has and an empty body, so a permitted call ends in a 404 or a 400 and changes
 * nothing. It is refused with 403 exactly when the role lacks the route's permission.
 */

const userRoutes = routes.filter((r) => r.auth === 'user')
const label = (r: AnyRoute) => `${r.method.toUpperCase()} ${r.path}`

/** Routes on the caller's own account or session: any signed-in user may call them, so they name no permission. */
const SELF_SERVICE = [
	'POST /auth/sign-out',
	'POST /auth/verify-email',
	'POST /auth/confirm-password',
	'GET /users/:id',
	'PATCH /users/:id',
	'PATCH /users/:id/change-password',
	'GET /permissions/user/:id',
	'GET /todos',
	// Home: each part checks its own permission (docs/decisions/047-home-dashboard.md).
	'GET /dashboard',
	// The caller's own bell and tour, and the business's referral link, which every member may share (decisions 112 to 114).
	'GET /notifications',
	'GET /notifications/unread-count',
	'POST /notifications/read',
	'POST /tour',
	'GET /rewards',
	'GET /rewards/referrals',
]

/** Signing out revokes the token it is called with: it goes last. */
const LAST = 'POST /auth/sign-out'

function harmless(route: AnyRoute) {
	const path = route.path.replace(/:\w+/g, () => randomUUID())
	return { path, body: route.body ? {} : undefined }
}

describeApi('the permission matrix', () => {
	let ctx: Awaited<ReturnType<typeof testApi>>
	const tokens = new Map<string, string>()

	beforeAll(async () => {
		ctx = await testApi()
		const business = await ctx.createAccount({ kyc: true })
		for (const role of SEED_ROLES) tokens.set(role.name, (await ctx.createMember(business, role.name)).token)
	})

	test('every route for signed-in users names a permission, or is one of the few on your own account', () => {
		const unchecked = userRoutes.filter((r) => !r.permission).map(label)
		expect(unchecked.sort()).toEqual([...SELF_SERVICE].sort())
		expect(userRoutes.length).toBeGreaterThan(SELF_SERVICE.length + 15)
	})

	test.each(SEED_ROLES.map((r) => [r.name, r] as const))(
		'%s: 403 exactly on the routes whose permission the role lacks',
		async (_, role) => {
			const token = tokens.get(role.name)!
			const ordered = [...userRoutes].sort((a, b) => Number(label(a) === LAST) - Number(label(b) === LAST))
			const outcomes: string[] = []
			const expected: string[] = []
			for (const route of ordered) {
				const { path, body } = harmless(route)
				const res = await ctx.call(route.method.toUpperCase(), path, { token, body })
				const allowed = !route.permission || role.permissions.includes(route.permission)
				expected.push(`${label(route)} ${allowed ? 'allowed' : '403'}`)
				// Allowed calls end in bad input or not found, never in an auth failure nor an error of ours.
				outcomes.push(`${label(route)} ${res.status === 403 ? '403' : [200, 400, 404].includes(res.status) ? 'allowed' : res.status}`)
				if (res.status === 403) expect(res.body).toEqual({ message: 'You do not have permission to do this.' })
			}
			expect(outcomes).toEqual(expected)
		},
	)
})

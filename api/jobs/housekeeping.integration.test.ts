import { utimes } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, like, sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { formatDay } from '#api/contract/dates.ts'
import { activities, documents, mailOutbox, policies, policyEvents, staffBatches, staffImports } from '#api/db/schema.ts'
import { addDays, lagosDate } from '#api/domain/policies.ts'
import {
	applyDueChanges,
	forgetUnboughtStaffLists,
	ORPHAN_UPLOAD_MS,
	STAFF_LIST_DAYS,
	sweepUnreferencedUploads,
} from '#api/jobs/housekeeping.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { fund, newKey } from '#tests/support/wallet.ts'

// Housekeeping jobs (docs/decisions/092-housekeeping.md) on a moved clock, each run twice.

type Ctx = Awaited<ReturnType<typeof testApi>>

const DAY = 24 * 60 * 60_000

describeApi('housekeeping jobs', () => {
	let ctx: Ctx

	beforeAll(async () => {
		ctx = await testApi()
	})

	test('a change booked ahead is told once when its day comes: the activity log and a mail', async () => {
		const owner = await ctx.createAccount({ kyc: true })
		await fund(ctx, owner, 15_000)
		const bought = await ctx.call('POST', '/purchases', {
			token: owner.token,
			body: { product_id: 1, vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: newKey('buy') },
		})
		const policyId = bought.body.data.policy.id as string
		await ctx.db.update(policies).set({ status: 'active', activatedAt: ctx.deps.now() }).where(eq(policies.id, policyId))
		const today = lagosDate(ctx.deps.now())
		const due = addDays(today, 3)
		await ctx.db.insert(policyEvents).values({
			customerId: owner.customerId,
			policyId,
			kind: 'deactivate',
			effectiveOn: due,
			description: `Policy to be deactivated on ${formatDay(due)}, at the end of its period`,
			actorUserId: owner.userId,
			createdAt: ctx.deps.now(),
		})
		const told = () =>
			ctx.db
				.select()
				.from(activities)
				.where(and(eq(activities.customerId, owner.customerId), eq(activities.type, 'plans.change_effective')))
		await applyDueChanges(ctx.deps)
		expect(await told()).toHaveLength(0)

		ctx.advanceClock(3 * DAY)
		await applyDueChanges(ctx.deps)
		await Promise.all([applyDueChanges(ctx.deps), applyDueChanges(ctx.deps)])
		const rows = await told()
		expect(rows).toHaveLength(1)
		// The booking's words carry the day once; the notice says it is now in effect.
		expect(rows[0]!.description).toBe(
			`Booked change now in effect: Policy to be deactivated on ${formatDay(due)}, at the end of its period`,
		)
		const mails = await ctx.db
			.select()
			.from(mailOutbox)
			.where(and(sql`lower(${mailOutbox.to}) = ${owner.email.toLowerCase()}`, like(mailOutbox.subject, '%is now in effect')))
		expect(mails).toHaveLength(1)
		expect(mails[0]!.text).toContain(`A change booked on ${formatDay(today)} is now in effect:`)
		expect(mails[0]!.text).toContain(`Policy to be deactivated on ${formatDay(due)}, at the end of its period.`)
	})

	test('uploaded files no record references are removed once a day old; referenced and newer ones stay', async () => {
		const owner = await ctx.createAccount({ kyc: true })
		const stray = await ctx.deps.storage.put(new Uint8Array([1, 2, 3]))
		const kept = await ctx.deps.storage.put(new Uint8Array([4, 5, 6]))
		await ctx.db.insert(documents).values({
			customerId: owner.customerId,
			field: 'photo',
			filename: 'photo.png',
			mediaType: 'image/png',
			size: 3,
			storageKey: kept,
		})
		const fresh = await ctx.deps.storage.put(new Uint8Array([7]))
		// Files age by their own times: written "now" on the jobs' clock, which the tests move.
		const age = (key: string, at: Date) => utimes(path.join(ctx.uploadsDir, key.slice(0, 2), key), at, at)
		for (const key of [stray, kept, fresh]) await age(key, ctx.deps.now())
		await sweepUnreferencedUploads(ctx.deps)
		expect(await ctx.deps.storage.get(stray)).not.toBeNull()

		// Two of them written more than a day before now.
		const before = new Date(ctx.deps.now().getTime() - ORPHAN_UPLOAD_MS - 60_000)
		for (const key of [stray, kept]) await age(key, before)
		await sweepUnreferencedUploads(ctx.deps)
		await sweepUnreferencedUploads(ctx.deps)
		expect(await ctx.deps.storage.get(stray)).toBeNull()
		expect(await ctx.deps.storage.get(kept)).not.toBeNull()
		expect(await ctx.deps.storage.get(fresh)).not.toBeNull()
	})

	test(`staff lists never bought or imported are forgotten after ${STAFF_LIST_DAYS} days; a bought one stays`, async () => {
		const owner = await ctx.createAccount({ kyc: true })
		const list = { customerId: owner.customerId, filename: 'staff.csv', rows: [], errors: [] }
		const [batch] = await ctx.db
			.insert(staffBatches)
			.values({ ...list, productId: 16, period: 'monthly', createdAt: ctx.deps.now() })
			.returning()
		const [imported] = await ctx.db
			.insert(staffImports)
			.values({ ...list, createdAt: ctx.deps.now() })
			.returning()
		const [committed] = await ctx.db
			.insert(staffImports)
			.values({ ...list, createdAt: ctx.deps.now(), committedAt: ctx.deps.now() })
			.returning()
		ctx.advanceClock((STAFF_LIST_DAYS - 1) * DAY)
		await forgetUnboughtStaffLists(ctx.deps)
		expect(await ctx.db.select().from(staffBatches).where(eq(staffBatches.id, batch!.id))).toHaveLength(1)

		ctx.advanceClock(2 * DAY)
		const first = await forgetUnboughtStaffLists(ctx.deps)
		expect(first.batches).toBeGreaterThanOrEqual(1)
		expect(await forgetUnboughtStaffLists(ctx.deps)).toEqual({ batches: 0, imports: 0 })
		expect(await ctx.db.select().from(staffBatches).where(eq(staffBatches.id, batch!.id))).toHaveLength(0)
		expect(await ctx.db.select().from(staffImports).where(eq(staffImports.id, imported!.id))).toHaveLength(0)
		expect(await ctx.db.select().from(staffImports).where(eq(staffImports.id, committed!.id))).toHaveLength(1)
	})
})

import { sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { addDays, lagosDate } from '#api/domain/policies.ts'
import { staffCoveredSql } from '#api/services/dashboard.ts'
import { insertPolicy } from '#tests/support/claims.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// Home's staff covered, waiting and their plans, summed from counts the places on plans keep (decision 146):
// equal to counting the places one by one, on any day, after every kind of change. Timing is the bench's
// (bench/scale.ts); this checks the answers.

type Ctx = Awaited<ReturnType<typeof testApi>>

describeApi('staff cover counts', () => {
	let ctx: Ctx

	beforeAll(async () => {
		ctx = await testApi()
	})

	test("home's staff covered and waiting are kept by the places on plans: equal to counting the places on any day, after every kind of change", async () => {
		const business = await ctx.createAccount({ kyc: true })
		const c = business.customerId
		const today = lagosDate(ctx.deps.now())
		const day = (n: number) => addDays(today, n)
		const run = (query: ReturnType<typeof sql>) => ctx.db.execute(query) as unknown as Promise<{ rows: Record<string, unknown>[] }>
		// The figures as home counted them before decision 146, place by place, on any day.
		const counted = async (d: string) => {
			const { rows } = await run(sql`select
					count(distinct s.employee_id) filter (where s.status = 'active' and e.enrolled_on <= ${d}::date) as covered,
					count(distinct s.employee_id) filter (where s.status = 'pending' or e.enrolled_on > ${d}::date) as pending,
					count(distinct s.policy_id) as plans
				from staff s join policies p on p.id = s.policy_id join employees e on e.id = s.employee_id
				where s.customer_id = ${c} and p.kind = 'plan' and p.cover_end >= ${d}::date
					and (s.ends_on is null or s.ends_on >= ${d}::date) and (e.leaves_on is null or e.leaves_on >= ${d}::date)`)
			const row = rows[0]!
			return { covered: Number(row.covered), pending: Number(row.pending), plans: Number(row.plans) }
		}
		// What home answers on that day, from the kept counts.
		const kept = async (d: string) => {
			const { rows } = await run(sql`select ${staffCoveredSql(c, d)}::text as figures`)
			const figures = JSON.parse(rows[0]!.figures as string) as Record<string, number>
			return { covered: Number(figures.covered), pending: Number(figures.pending), plans: Number(figures.plans) }
		}
		const days = [-40, -6, -2, -1, 0, 1, 5, 6, 10, 11, 15, 16, 20, 21, 100, 301, 401]
		async function agrees(label: string) {
			for (const n of days) expect({ label, day: n, ...(await kept(day(n))) }).toEqual({ label, day: n, ...(await counted(day(n))) })
			// The counts are those of the people's rows and places, and none is kept at zero.
			const { rows } = await run(sql`select
					(select coalesce(json_agg(k order by k), '[]')::text from (select customer_id, enrolled_on, covered_until, pending_until, any_until, employees
						from staff_cover_counts where customer_id = ${c}) k) as kept,
					(select coalesce(json_agg(k order by k), '[]')::text from (select customer_id, enrolled_on, covered_until, pending_until, any_until, count(*)::int as employees
						from employee_cover where customer_id = ${c} group by 1, 2, 3, 4, 5) k) as people`)
			expect(rows[0]!.kept).toEqual(rows[0]!.people)
			const plans = await run(sql`select
					(select coalesce(json_agg(k order by k), '[]')::text from (select policy_id, until, people
						from plan_cover_counts where customer_id = ${c}) k) as kept,
					(select coalesce(json_agg(k order by k), '[]')::text from (select policy_id, until, count(*)::int as people
						from place_cover where customer_id = ${c} group by 1, 2) k) as places`)
			expect(plans.rows[0]!.kept).toEqual(plans.rows[0]!.places)
		}
		const plan = async (coverEnd: string) => {
			const policy = await insertPolicy(ctx, c, { productId: 32, coverEnd })
			await run(sql`update policies set kind = 'plan', slots = 10, monthly_rate = 750 where id = ${policy.id}`)
			return policy.id
		}
		const [p1, p2, p3] = [await plan(day(300)), await plan(day(15)), await plan(day(-5))]
		const retail = await insertPolicy(ctx, c, { productId: 5, coverEnd: day(300) })
		const person = async (name: string, enrolledOn: string, leavesOn: string | null = null) => {
			const { rows } =
				await run(sql`insert into employees (customer_id, first_name, last_name, email, phone, gender, enrolled_on, leaves_on, leave_kind)
				values (${c}, ${name}, 'Obi', ${`${name.toLowerCase()}@cover.test`}, '08031234567', 'female', ${enrolledOn}::date, ${leavesOn}::date,
					${leavesOn ? 'removed' : null}) returning id`)
			return rows[0]!.id as string
		}
		const place = (policyId: string, employeeId: string, status: 'active' | 'pending', endsOn: string | null = null) =>
			run(sql`insert into staff (customer_id, policy_id, employee_id, ends_on, first_name, last_name, email, phone, gender, status)
				select ${c}, ${policyId}, id, ${endsOn}::date, first_name, last_name, email, phone, gender, ${status} from employees where id = ${employeeId}`)
		const ada = await person('Ada', day(-100))
		const bayo = await person('Bayo', day(-100))
		const chidi = await person('Chidi', day(-100))
		const dayo = await person('Dayo', day(20))
		const efe = await person('Efe', day(-100), day(10))
		const femi = await person('Femi', day(-100))
		const gozie = await person('Gozie', day(-100))
		const hauwa = await person('Hauwa', day(-100))
		const ify = await person('Ify', day(-100))
		const jide = await person('Jide', day(-100))
		await place(p1, ada, 'active')
		await place(p1, bayo, 'active')
		await place(p2, bayo, 'active')
		await place(p1, chidi, 'pending')
		await place(p1, dayo, 'active')
		await place(p2, efe, 'active')
		await place(p3, femi, 'active')
		await place(p1, gozie, 'active', day(-1))
		await place(p2, ify, 'active', day(5))
		await place(retail.id, jide, 'active')
		expect(await kept(today)).toEqual({ covered: 4, pending: 2, plans: 2 })
		await agrees('places added one by one')

		await run(sql`update staff set status = 'active' where employee_id = ${chidi}`)
		await agrees('a waiting place activated')
		await run(sql`update staff set policy_id = ${p1} where employee_id = ${efe}`)
		await agrees('a place moved to another plan')
		await run(sql`update policies set cover_end = ${day(400)}::date where id = ${p2}`)
		await agrees("a plan's cover extended")
		await run(sql`update policies set cover_end = ${day(100)}::date where id = ${p3}`)
		await agrees('an ended plan renewed')
		await run(sql`update policies set kind = 'policy' where id = ${p3}`)
		await agrees('a plan that is no longer one')
		await run(sql`update employees set enrolled_on = ${day(-1)}::date where id = ${dayo}`)
		await agrees('a later start brought forward')
		await run(sql`update employees set leaves_on = ${day(-2)}::date, leave_kind = 'removed' where id = ${ada}`)
		await agrees('a person who left')
		await run(sql`update staff set ends_on = ${day(6)}::date where employee_id = ${bayo} and policy_id = ${p2}`)
		await agrees('one of two places ending')
		await run(sql`delete from staff where employee_id = ${bayo} and policy_id = ${p1}`)
		await agrees('a place deleted')
		await run(sql`update staff set first_name = first_name, status = status where customer_id = ${c}`)
		await agrees('an update that changes nothing counted')
		await run(sql`delete from staff where employee_id = ${gozie}`)
		await run(sql`delete from employees where id in (${gozie}, ${hauwa})`)
		await agrees('people deleted')
		// Several people and places in one statement each.
		await run(sql`insert into employees (customer_id, first_name, last_name, email, phone, gender, enrolled_on)
			select ${c}, 'Many' || g, 'Obi', 'many' || g || '@cover.test', '08031234567', 'female', ${day(-30)}::date + g
			from generate_series(1, 60) as g`)
		await run(sql`insert into staff (customer_id, policy_id, employee_id, first_name, last_name, email, phone, gender, status)
			select ${c}, case when g % 2 = 0 then ${p1}::uuid else ${p2}::uuid end, e.id, e.first_name, e.last_name, e.email, e.phone, e.gender,
				case when g % 3 = 0 then 'pending' else 'active' end
			from (select *, row_number() over (order by email) as g from employees where customer_id = ${c} and first_name like 'Many%') e`)
		await agrees('sixty places in one statement')
		await run(sql`update staff set ends_on = ${day(16)}::date where customer_id = ${c} and first_name like 'Many%' and status = 'pending'`)
		await run(
			sql`update employees set leaves_on = ${day(21)}::date, leave_kind = 'removed' where customer_id = ${c} and first_name like 'Many1%'`,
		)
		await agrees('many places and people changed at once')
		await run(sql`delete from staff where customer_id = ${c} and first_name like 'Many%'`)
		await agrees('many places deleted at once')
		expect(await kept(today)).toEqual(await counted(today))
		// Home reads the same.
		const res = await ctx.call('GET', '/dashboard', { token: business.token })
		expect(res.status).toBe(200)
		expect((res.body.data as { staff: unknown }).staff).toEqual(await counted(today))
		await expect(run(sql`truncate staff cascade`)).rejects.toThrow()
		await expect(run(sql`truncate employees cascade`)).rejects.toThrow()

		// Changes to one person's places at the same time, each in its own transaction that holds on before it
		// commits: on PostgreSQL they race to recount the same person, and each waits for the one before.
		const plans = [await plan(day(50)), await plan(day(60)), await plan(day(70)), await plan(day(80)), await plan(day(90))]
		const kemi = await person('Kemi', day(-100))
		for (const id of plans) await place(id, kemi, 'active')
		await Promise.all(
			plans.map((id, i) =>
				ctx.db.transaction(async (tx) => {
					await tx.execute(sql`update staff set ends_on = ${day(i * 3)}::date where employee_id = ${kemi} and policy_id = ${id}`)
					await tx.execute(sql`select pg_sleep(0.05)`)
				}),
			),
		)
		await agrees('places of one person changed at once')
		expect(await kept(day(10))).toEqual(await counted(day(10)))
	})
})

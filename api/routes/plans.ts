import { z } from 'zod'
import { formatDay } from '../contract/dates.ts'
import {
	BatchRemovalBody,
	BatchRemovalPreview,
	DEPENDANTS_A_MEMBER,
	DependantSlots,
	DependantSlotsBody,
	HospitalsQuery,
	HospitalsResponse,
	MembersQuery,
	MembersResponse,
	MigrationBody,
	MigrationPreview,
	PeriodBody,
	PlanActivitiesQuery,
	PlanActivitiesResponse,
	PlanChangeBody,
	PlanChangePreview,
	RemoveBody,
} from '../contract/plans.ts'
import { IdParams, PolicyDetail } from '../contract/purchases.ts'
import type { Deps } from '../deps.ts'
import { defineRoute } from '../http.ts'
import type { AuthUser } from '../http.ts'
import { dependantSlotsOf, setDependantSlots } from '../services/dependant-slots.ts'
import { listHospitals } from '../services/hospitals.ts'
import { membersOf } from '../services/plan-members.ts'
import { planActivities } from '../services/plan-activities.ts'
import { batchRemoval, changePeriod, changePlan, migrateMembers, removePolicy } from '../services/plans.ts'
import { findPolicy } from '../services/policies.ts'
import { policyDetail } from '../services/policy-detail.ts'
import { readRemovalList } from '../services/removal-list.ts'

// Managing a plan (issue 14): the screens under /mycover/{plan_id}/ call these.

/** The policy as GET /policies/:id answers, after a change. */
const detail = (deps: Deps, auth: AuthUser, id: string) => policyDetail(deps, auth.customerId, id)

export const planRoutes = [
	defineRoute({
		method: 'get',
		path: '/policies/:id/activities',
		summary:
			"A page of the policy's own activity list, newest first, 20 a page: every change made to it or its members, with the day it holds, and the count of them all",
		tag: 'plans',
		auth: 'user',
		permission: 'plans.view',
		params: IdParams,
		query: PlanActivitiesQuery,
		response: PlanActivitiesResponse,
		handler: async ({ params, query, auth, deps }) => ({ data: await planActivities(deps, auth, params.id, query.page) }),
	}),
	defineRoute({
		method: 'get',
		path: '/policies/:id/members',
		summary:
			"A page of a staff plan's members today, by name, each with its state (covered, leaving, moving) and the day it goes; `q` searches names, emails and phone numbers; a policy has none (409)",
		tag: 'plans',
		auth: 'user',
		permission: 'plans.view',
		params: IdParams,
		query: MembersQuery,
		response: MembersResponse,
		handler: async ({ params, query, auth, deps }) => ({ data: await membersOf(deps, auth, params.id, query) }),
	}),
	defineRoute({
		method: 'get',
		path: '/policies/:id/dependant-slots',
		summary: `A staff plan's dependant slots: how many dependants its members may add between them, how many hold one, and the most it may have (${DEPENDANTS_A_MEMBER} for each of its staff); a policy has none (409)`,
		tag: 'plans',
		auth: 'user',
		permission: 'plans.view',
		params: IdParams,
		response: DependantSlots,
		handler: async ({ params, auth, deps }) => ({ data: await dependantSlotsOf(deps, auth, params.id) }),
	}),
	defineRoute({
		method: 'post',
		path: '/policies/:id/dependant-slots',
		summary: `Set a live staff plan's dependant slots, at once: no lower than the dependants holding one (409), no higher than ${DEPENDANTS_A_MEMBER} for each of its staff (400). Each dependant is billed as a member is, for the days covered`,
		tag: 'plans',
		auth: 'user',
		permission: 'plans.manage',
		params: IdParams,
		body: DependantSlotsBody,
		response: DependantSlots,
		handler: async ({ params, body, auth, deps }) => {
			const slots = await setDependantSlots(deps, auth, params.id, body.dependant_slots)
			return { data: slots, message: `The plan now has ${slots.dependant_slots} dependant slot${slots.dependant_slots === 1 ? '' : 's'}.` }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/policies/:id/remove',
		summary:
			'Deactivate or remove (terminate) a policy or plan: now where the product allows it (a staff plan or monthly cover), otherwise at the end of its period. The policy is answered with its new flags',
		tag: 'plans',
		auth: 'user',
		permission: 'plans.manage',
		params: IdParams,
		body: RemoveBody,
		response: PolicyDetail,
		handler: async ({ params, body, auth, deps }) => {
			await removePolicy(deps, auth, params.id, body)
			const policy = await detail(deps, auth, params.id)
			const message =
				policy.to_be_deactivated || policy.to_be_terminated
					? 'Your change is booked for the end of the period.'
					: 'Done: the cover has ended.'
			return { data: policy, message }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/policies/:id/period',
		summary: 'Change the period of cover (annual, bi-annual, quarterly, monthly): it takes effect at the next renewal',
		tag: 'plans',
		auth: 'user',
		permission: 'plans.manage',
		params: IdParams,
		body: PeriodBody,
		response: PolicyDetail,
		handler: async ({ params, body, auth, deps }) => {
			await changePeriod(deps, auth, params.id, body.period)
			return { data: await detail(deps, auth, params.id), message: 'The new period of cover starts at the next renewal.' }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/policies/:id/plan-change',
		summary:
			"Change a staff plan's plan (product) or slots from its next period. Without confirm, a preview of the monthly price and the difference; with confirm true, the change is booked",
		tag: 'plans',
		auth: 'user',
		permission: 'plans.manage',
		params: IdParams,
		body: PlanChangeBody,
		response: PlanChangePreview,
		handler: async ({ params, body, auth, deps }) => {
			const preview = await changePlan(deps, auth, params.id, body)
			return { data: preview, message: body.confirm ? `The change takes effect on ${formatDay(preview.effective_on)}.` : undefined }
		},
	}),
	defineRoute({
		method: 'post',
		path: '/policies/:id/migration',
		summary:
			"Move chosen members of a staff plan to another of the business's staff plans from the 1st of next month. Without confirm, a preview of who moves and both plans' monthly cost; with confirm true, the move is booked",
		tag: 'plans',
		auth: 'user',
		permission: 'plans.manage',
		params: IdParams,
		body: MigrationBody,
		response: MigrationPreview,
		handler: async ({ params, body, auth, deps }) => {
			const preview = await migrateMembers(deps, auth, params.id, body)
			return {
				data: preview,
				message: body.confirm ? `${preview.members.length} moving on ${formatDay(preview.effective_on)}.` : undefined,
			}
		},
	}),
	defineRoute({
		method: 'post',
		path: '/policies/:id/batch-removal',
		summary:
			"Remove many members of a staff plan from the 1st of next month: chosen by id, or named by emails or phone numbers (an uploaded list's entries; each entry that names no member is an error of its row). Without confirm, a preview; with confirm true and no errors, the removals are booked",
		tag: 'plans',
		auth: 'user',
		permission: 'plans.manage',
		params: IdParams,
		body: BatchRemovalBody,
		response: BatchRemovalPreview,
		handler: async ({ params, body, auth, deps }) => {
			const preview = await batchRemoval(deps, auth, params.id, body)
			return {
				data: preview,
				message: body.confirm ? `${preview.members.length} leaving on ${formatDay(preview.effective_on)}.` : undefined,
			}
		},
	}),
	defineRoute({
		method: 'post',
		path: '/policies/:id/batch-removal/list',
		summary:
			'Read an uploaded list of members to remove (multipart/form-data, `file`: CSV or XLSX, 5 MB at most): its emails and phone numbers, in order, to send to POST /policies/{id}/batch-removal as identifiers. Nothing changes',
		tag: 'plans',
		auth: 'user',
		permission: 'plans.manage',
		params: IdParams,
		multipart: { schema: z.object({ file: z.file().describe('CSV or XLSX: one email or phone number a row, in any column') }) },
		response: z.object({ identifiers: z.array(z.string()) }),
		handler: async ({ params, auth, deps, c }) => {
			await findPolicy(deps.db, auth.customerId, params.id)
			const readForm = async () => {
				if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) return null
				try {
					return await c.req.formData()
				} catch {
					return null
				}
			}
			return { data: await readRemovalList(readForm) }
		},
	}),
	defineRoute({
		method: 'get',
		path: '/hospitals',
		summary:
			'The hospital network of the health plans: type (all, ophthalmology, hospital, dental, laboratory, diagnostic), state, LGA and a search of name and address, a page at a time. `sample` says the list is the generated sample network',
		tag: 'plans',
		auth: 'user',
		permission: 'plans.view',
		query: HospitalsQuery,
		response: HospitalsResponse,
		handler: async ({ query, deps }) => ({ data: await listHospitals(deps.db, query) }),
	}),
]

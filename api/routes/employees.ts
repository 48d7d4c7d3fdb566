import { z } from 'zod'
import { Id } from '../contract/common.ts'
import { formatDay } from '../contract/dates.ts'
import {
	CustodianActivateBody,
	CustodianBody,
	Custodianship,
	Dependant,
	DependantBody,
	EmployeeBody,
	EmployeeDetail,
	EmployeeEdit,
	EmployeeIdsBody,
	EmployeesCsvQuery,
	EmployeesQuery,
	EmployeesResponse,
	LifecycleResult,
	RemoveFromPlanBody,
	ReplaceBody,
	StaffImport,
	StaffImportResult,
} from '../contract/employees.ts'
import { defineDownload, defineRoute } from '../http.ts'
import { UPLOAD_MAX_BYTES } from '../storage/index.ts'
import { activateCustodian, custodianship, nameCustodian } from '../services/custodians.ts'
import { addDependant, editDependant, findDependant, removeDependant } from '../services/dependants.ts'
import { employeesCsv, listEmployees } from '../services/employee-list.ts'
import { createEmployee, editEmployee, findEmployee } from '../services/employees.ts'
import { leave, reactivate, removeFromPlan, replaceEmployee } from '../services/staff-leaving.ts'
import { commitImport, findImport, IMPORT_MAX_ROWS, previewImport, serializeImport } from '../services/staff-import.ts'
import { multipartOf } from './batch.ts'

// The staff register (docs/decisions/050, 051, 052): employees, their lifecycle, dependants, custodians.

const IdParams = z.object({ id: Id })
const EMPLOYEES = { tag: 'employees', auth: 'user' } as const
const VIEW = { ...EMPLOYEES, permission: 'employees.view' } as const
const MANAGE = { ...EMPLOYEES, permission: 'employees.manage' } as const
const ImportForm = z.object({
	file: z
		.file()
		.max(UPLOAD_MAX_BYTES)
		.describe(
			`The staff list, CSV or XLSX, ${IMPORT_MAX_ROWS.toLocaleString('en-NG')} staff at most, with the header of GET /purchases/batch/template`,
		),
})
const leavingMessage = (what: string, result: { last_covered_day: string; effective_on: string }) =>
	`${what}: covered to ${formatDay(result.last_covered_day)}, taking effect on ${formatDay(result.effective_on)}.`

// Fixed paths before /employees/:id, which would take them.
export const employeeRoutes = [
	defineRoute({
		...VIEW,
		method: 'get',
		path: '/employees',
		business: true,
		summary:
			'The staff register: search by name, email or phone (q); filter by status (active, pending, terminated); sort by name, enrolled (newest first) or email; keyset pages (cursor = the previous next_cursor). total is counted to 1,001 at most',
		query: EmployeesQuery,
		response: EmployeesResponse,
		handler: async ({ query, auth, deps }) => ({ data: await listEmployees(deps, auth.customerId, query) }),
	}),
	defineDownload({
		...VIEW,
		method: 'get',
		path: '/employees.csv',
		business: true,
		summary: "The staff register as CSV, with the list's search, filter and sort, 10,000 rows at most",
		query: EmployeesCsvQuery,
		download: { contentType: 'text/csv', filename: 'staff.csv' },
		handler: async ({ query, auth, deps }) => ({ content: await employeesCsv(deps, auth.customerId, query) }),
	}),
	defineRoute({
		...MANAGE,
		method: 'post',
		path: '/employees',
		business: true,
		summary:
			'Add a member of staff, optionally enrolled on staff plans (plan_ids) from today. The same email or phone number as someone on the register is refused (409) naming them',
		body: EmployeeBody,
		response: EmployeeDetail,
		status: 201,
		handler: async ({ body, auth, deps }) => ({ data: await createEmployee(deps, auth, body), message: 'Staff member added.' }),
	}),
	defineRoute({
		...MANAGE,
		method: 'post',
		path: '/employees/deactivate',
		business: true,
		summary:
			'Deactivate staff (employee_ids): covered to the end of this month, to_be_deactivated until then, is_deactivated after. All or none',
		body: EmployeeIdsBody,
		response: LifecycleResult,
		handler: async ({ body, auth, deps }) => {
			const data = await leave(deps, auth, body.employee_ids, 'deactivated')
			return { data, message: leavingMessage(`${data.employees.length} deactivated`, data) }
		},
	}),
	defineRoute({
		...MANAGE,
		method: 'post',
		path: '/employees/remove',
		business: true,
		summary:
			'Remove staff from the register and their plans (employee_ids): covered to the end of this month, to_be_removed until then, is_terminated after. All or none',
		body: EmployeeIdsBody,
		response: LifecycleResult,
		handler: async ({ body, auth, deps }) => {
			const data = await leave(deps, auth, body.employee_ids, 'removed')
			return { data, message: leavingMessage(`${data.employees.length} removed`, data) }
		},
	}),
	defineRoute({
		...MANAGE,
		method: 'post',
		path: '/employees/import',
		business: true,
		summary: `Check a staff list for the register: multipart/form-data with file (CSV or XLSX, 5 MB, ${IMPORT_MAX_ROWS.toLocaleString('en-NG')} staff at most). Each row's problems, duplicates within the file and against the register included; nothing is written until POST /employees/import/{id}/commit`,
		multipart: { schema: ImportForm },
		response: StaffImport,
		status: 201,
		handler: async ({ auth, deps, c }) => {
			const data = await previewImport(deps, auth, multipartOf(c))
			const message = data.errors.length
				? `${data.errors.length} ${data.errors.length === 1 ? 'problem' : 'problems'} in ${data.rows.length - data.valid_count} of ${data.rows.length} rows: fix them and upload the file again.`
				: `${data.rows.length} staff ready to import.`
			return { data, message }
		},
	}),
	defineRoute({
		...MANAGE,
		method: 'get',
		path: '/employees/import/:id',
		business: true,
		summary: 'A checked staff list, as its preview answered',
		params: IdParams,
		response: StaffImport,
		handler: async ({ params, auth, deps }) => ({ data: serializeImport(await findImport(deps, auth.customerId, params.id)) }),
	}),
	defineRoute({
		...MANAGE,
		method: 'post',
		path: '/employees/import/:id/commit',
		business: true,
		summary:
			'Write a checked staff list to the register: every row or none; a list with problems is refused (400), one meeting new duplicates too (409)',
		params: IdParams,
		response: StaffImportResult,
		handler: async ({ params, auth, deps }) => {
			const data = await commitImport(deps, auth, params.id)
			return { data, message: `${data.imported} staff imported.` }
		},
	}),
	defineRoute({
		...VIEW,
		method: 'get',
		path: '/employees/:id',
		business: true,
		summary: 'One member of staff: bio, every plan and policy they are on, dependants and history',
		params: IdParams,
		response: EmployeeDetail,
		handler: async ({ params, auth, deps }) => ({ data: await findEmployee(deps, auth.customerId, params.id) }),
	}),
	defineRoute({
		...MANAGE,
		method: 'patch',
		path: '/employees/:id',
		business: true,
		summary: "Edit the bio; another member of staff's email or phone number is refused (409) naming them",
		params: IdParams,
		body: EmployeeEdit,
		response: EmployeeDetail,
		handler: async ({ params, body, auth, deps }) => ({ data: await editEmployee(deps, auth, params.id, body), message: 'Bio updated.' }),
	}),
	defineRoute({
		...MANAGE,
		method: 'post',
		path: '/employees/:id/remove-from-plan',
		business: true,
		summary: 'Take a member of staff off one staff plan (plan_id) from the end of this month; they stay on the register',
		params: IdParams,
		body: RemoveFromPlanBody,
		response: LifecycleResult,
		handler: async ({ params, body, auth, deps }) => {
			const data = await removeFromPlan(deps, auth, params.id, body.plan_id)
			return { data, message: leavingMessage('Removed from the plan', data) }
		},
	}),
	defineRoute({
		...MANAGE,
		method: 'post',
		path: '/employees/:id/replace',
		business: true,
		summary:
			'Replace a member of staff: they are covered to the end of this month (to_be_terminated), the replacement joins their plans on the 1st of the next (is_pending until then)',
		params: IdParams,
		body: ReplaceBody,
		response: LifecycleResult,
		handler: async ({ params, body, auth, deps }) => {
			const data = await replaceEmployee(deps, auth, params.id, body.replacement)
			return {
				data,
				message: `Replacement joins on ${formatDay(data.effective_on)}; the person leaving is covered to ${formatDay(data.last_covered_day)}.`,
			}
		},
	}),
	defineRoute({
		...MANAGE,
		method: 'post',
		path: '/employees/:id/reactivate',
		business: true,
		summary: 'Cancel a pending departure, or bring back someone who left (covered again from today)',
		params: IdParams,
		response: LifecycleResult,
		handler: async ({ params, auth, deps }) => ({ data: await reactivate(deps, auth, params.id), message: 'Staff member reactivated.' }),
	}),
	defineRoute({
		...MANAGE,
		method: 'post',
		path: '/employees/:id/dependants',
		business: true,
		summary: "Add a dependant to a member of staff's health cover, within the limits of docs/decisions/051 (409 beyond them)",
		params: IdParams,
		body: DependantBody,
		response: Dependant,
		status: 201,
		handler: async ({ params, body, auth, deps }) => ({
			data: await addDependant(deps, auth, params.id, body),
			message: 'Dependant added.',
		}),
	}),
	defineRoute({
		...VIEW,
		method: 'get',
		path: '/dependants/:id',
		summary: 'One dependant and whose cover they are on',
		params: IdParams,
		response: Dependant.extend({ employee_name: z.string() }),
		handler: async ({ params, auth, deps }) => ({ data: await findDependant(deps, auth.customerId, params.id) }),
	}),
	defineRoute({
		...MANAGE,
		method: 'patch',
		path: '/dependants/:id',
		summary: 'Edit a dependant, within the same limits',
		params: IdParams,
		body: DependantBody,
		response: Dependant,
		handler: async ({ params, body, auth, deps }) => ({
			data: await editDependant(deps, auth, params.id, body),
			message: 'Dependant updated.',
		}),
	}),
	defineRoute({
		...MANAGE,
		method: 'delete',
		path: '/dependants/:id',
		summary: 'Remove a dependant from the cover',
		params: IdParams,
		response: Dependant,
		handler: async ({ params, auth, deps }) => ({ data: await removeDependant(deps, auth, params.id), message: 'Dependant removed.' }),
	}),
	defineRoute({
		...VIEW,
		method: 'get',
		path: '/purchases/:id/custodian',
		summary: "The custodian of a purchase's policy, whether their details are complete, and the policy's custodian history",
		params: IdParams,
		response: Custodianship,
		handler: async ({ params, auth, deps }) => ({ data: await custodianship(deps, auth.customerId, params.id) }),
	}),
	defineRoute({
		...MANAGE,
		method: 'put',
		path: '/purchases/:id/custodian',
		summary:
			"Name the custodian of a purchase's policy: employee_id from the staff register, or new (a person added to it). Recorded in the policy's history",
		params: IdParams,
		body: CustodianBody,
		response: Custodianship,
		handler: async ({ params, body, auth, deps }) => ({
			data: await nameCustodian(deps, auth, params.id, body),
			message: 'Custodian named.',
		}),
	}),
	defineRoute({
		...MANAGE,
		method: 'post',
		path: '/purchases/:id/custodian/activate',
		summary: "Complete the custodian's activation details: date of birth, address and, for a vehicle, the licence number",
		params: IdParams,
		body: CustodianActivateBody,
		response: Custodianship,
		handler: async ({ params, body, auth, deps }) => ({
			data: await activateCustodian(deps, auth, params.id, body),
			message: 'Custodian activated.',
		}),
	}),
]

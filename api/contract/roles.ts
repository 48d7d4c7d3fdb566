import { z } from 'zod'
import { ALL_PERMISSIONS } from './permissions.ts'
import { Id } from './common.ts'

export const Role = z.object({
	id: Id,
	name: z.string(),
	description: z.string(),
	/** Lowercased permission names, in the catalogue's order. */
	permissions: z.array(z.string()),
	/** Owner, Admin, Finance, HR and Viewer are shared by every business and cannot be changed. */
	seeded: z.boolean(),
	/** Members of your business holding the role, active or deactivated. */
	member_count: z.number().int(),
	created_at: z.string(),
})
export type Role = z.infer<typeof Role>
export const RolesResponse = z.array(Role)

export const PermissionInfo = z.object({ name: z.string(), description: z.string() })
export const PermissionCatalogueResponse = z.array(PermissionInfo)

const RoleName = z
	.string({ message: 'Enter a name for the role.' })
	.trim()
	.min(1, 'Enter a name for the role.')
	.max(60, 'Use at most 60 characters for the name of the role.')
const RoleDescription = z
	.string({ message: 'The description must be text.' })
	.trim()
	.max(200, 'Use at most 200 characters for the description.')
const known = new Set<string>(ALL_PERMISSIONS)
const RolePermissions = z
	.array(z.string({ message: 'Choose permissions from the list.' }), { message: 'Choose at least one permission.' })
	.min(1, 'Choose at least one permission.')
	.refine((names) => names.every((n) => known.has(n)), 'Choose permissions from the list.')
	.transform((names) => ALL_PERMISSIONS.filter((p) => names.includes(p)))

export const CreateRoleBody = z.object({
	name: RoleName,
	description: RoleDescription.optional(),
	permissions: RolePermissions,
})
export type CreateRoleBody = z.infer<typeof CreateRoleBody>

export const UpdateRoleBody = z
	.object({ name: RoleName, description: RoleDescription, permissions: RolePermissions })
	.partial()
	.refine((b) => Object.keys(b).length > 0, 'Change at least one field.')
export type UpdateRoleBody = z.infer<typeof UpdateRoleBody>

import { z } from 'zod'
import { Email, Id, Name, Password } from './common.ts'

export const TeamMember = z.object({
	id: Id,
	first_name: z.string(),
	last_name: z.string(),
	email: z.string(),
	status: z.enum(['active', 'deactivated']),
	role: z.object({ id: Id, name: z.string() }),
	created_at: z.string(),
})
export type TeamMember = z.infer<typeof TeamMember>

export const Invitation = z.object({
	id: Id,
	email: z.string(),
	role: z.object({ id: Id, name: z.string() }),
	status: z.enum(['pending', 'accepted', 'expired', 'revoked']),
	expires_at: z.string(),
	created_at: z.string(),
})

export const TeamResponse = z.object({
	members: z.array(TeamMember),
	invitations: z.array(Invitation),
})

export const CreateInvitationBody = z.object({
	email: Email,
	role_id: Id,
	first_name: Name('their first name').optional(),
	last_name: Name('their last name').optional(),
})

export const ActivateInvitationBody = z.object({
	token: z.string({ message: 'This invitation link is not valid.' }).min(20, 'This invitation link is not valid.'),
	first_name: Name('your first name'),
	last_name: Name('your last name'),
	password: Password,
})

export const UpdateTeamMemberBody = z
	.object({
		role_id: Id.optional(),
		status: z.enum(['active', 'deactivated'], { message: 'The status must be active or deactivated.' }).optional(),
	})
	.refine((b) => b.role_id !== undefined || b.status !== undefined, 'Change the role or the status.')
export type UpdateTeamMemberBody = z.infer<typeof UpdateTeamMemberBody>

export const InvitationPreview = z.object({
	email: z.string(),
	business_name: z.string(),
	role: z.string(),
	expires_at: z.string(),
})

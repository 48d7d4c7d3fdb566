import { describe, expect, test } from 'vitest'
import { describeRoleChange, leavesNoActiveOwner, permissionsBeyond, sameRoleName } from './roles.ts'

describe('permissionsBeyond', () => {
	test('lists what is wanted but not held, in the order wanted', () => {
		expect(permissionsBeyond(['team.view', 'team.manage'], ['team.manage', 'wallet.fund', 'roles.manage'])).toEqual([
			'wallet.fund',
			'roles.manage',
		])
		expect(permissionsBeyond(['team.view'], [])).toEqual([])
		expect(permissionsBeyond(['team.view'], ['team.view'])).toEqual([])
	})
})

describe('sameRoleName', () => {
	test('ignores case and spacing', () => {
		expect(sameRoleName('Owner', ' owner ')).toBe(true)
		expect(sameRoleName('Claims  officer', 'claims officer')).toBe(true)
		expect(sameRoleName('Claims officer', 'Claims officers')).toBe(false)
	})
})

describe('leavesNoActiveOwner', () => {
	test('only when the last active owner stops being one', () => {
		expect(leavesNoActiveOwner({ wasActiveOwner: true, staysActiveOwner: false, otherActiveOwners: 0 })).toBe(true)
		expect(leavesNoActiveOwner({ wasActiveOwner: true, staysActiveOwner: false, otherActiveOwners: 1 })).toBe(false)
		expect(leavesNoActiveOwner({ wasActiveOwner: true, staysActiveOwner: true, otherActiveOwners: 0 })).toBe(false)
		expect(leavesNoActiveOwner({ wasActiveOwner: false, staysActiveOwner: false, otherActiveOwners: 0 })).toBe(false)
	})
})

describe('describeRoleChange', () => {
	const role = { name: 'Claims', description: '', permissions: ['claims.view', 'claims.manage'] }
	test('names each change', () => {
		expect(
			describeRoleChange(role, { name: 'Claims officer', description: 'Handles claims', permissions: ['claims.view', 'plans.view'] }),
		).toEqual(['renamed it to Claims officer', 'changed its description', 'added plans.view', 'removed claims.manage'])
	})
	test('is empty when nothing changes, whatever the order of the permissions', () => {
		expect(describeRoleChange(role, { ...role, permissions: ['claims.manage', 'claims.view'] })).toEqual([])
	})
})

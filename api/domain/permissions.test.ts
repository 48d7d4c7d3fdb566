import { describe, expect, test } from 'vitest'
import { ALL_PERMISSIONS, PERMISSIONS } from '../contract/permissions.ts'
import { SEED_ROLES, hasPermission } from './permissions.ts'

const role = (name: string) => SEED_ROLES.find((r) => r.name === name)!

describe('the permission catalogue', () => {
	test('names are lowercased area.action pairs, each described', () => {
		for (const name of ALL_PERMISSIONS) {
			expect(name).toMatch(/^[a-z]+\.[a-z]+$/)
			expect(PERMISSIONS[name].length).toBeGreaterThan(0)
		}
		expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length)
	})
})

describe('the seeded roles', () => {
	test('are Owner, Admin, Finance, HR and Viewer, each described, granting only catalogued permissions', () => {
		expect(SEED_ROLES.map((r) => r.name)).toEqual(['Owner', 'Admin', 'Finance', 'HR', 'Viewer'])
		for (const r of SEED_ROLES) {
			expect(r.description).not.toBe('')
			expect(new Set(r.permissions).size).toBe(r.permissions.length)
			for (const p of r.permissions) expect(ALL_PERMISSIONS).toContain(p)
		}
	})

	test('the Owner has everything; only the Owner manages roles', () => {
		expect([...role('Owner').permissions].sort()).toEqual([...ALL_PERMISSIONS].sort())
		expect(SEED_ROLES.filter((r) => r.permissions.includes('roles.manage')).map((r) => r.name)).toEqual(['Owner'])
		expect(role('Admin').permissions).toHaveLength(ALL_PERMISSIONS.length - 1)
	})

	test('a Viewer may see everything and change nothing', () => {
		expect(role('Viewer').permissions).toEqual(ALL_PERMISSIONS.filter((p) => p.endsWith('.view')))
		expect(role('Viewer').permissions).toContain('team.view')
		expect(role('Viewer').permissions).not.toContain('team.manage')
	})

	test('Finance keeps to money and HR to staff', () => {
		expect(role('Finance').permissions).toContain('wallet.withdraw')
		expect(role('Finance').permissions).not.toContain('employees.manage')
		expect(role('HR').permissions).toContain('employees.manage')
		expect(role('HR').permissions).not.toContain('wallet.withdraw')
		for (const name of ['Finance', 'HR']) expect(role(name).permissions).not.toContain('team.view')
	})
})

describe('hasPermission', () => {
	test('is an exact match on the granted names', () => {
		expect(hasPermission(['team.view', 'wallet.fund'], 'wallet.fund')).toBe(true)
		expect(hasPermission(['team.view'], 'team.manage')).toBe(false)
		expect(hasPermission(['TEAM.MANAGE'], 'team.manage')).toBe(false)
		expect(hasPermission([], 'business.view')).toBe(false)
	})
})

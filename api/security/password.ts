import { hash, verify } from '@node-rs/argon2'
import { dictionary } from '@zxcvbn-ts/language-common'
import { ApiError } from '../errors.ts'

// OWASP's argon2id floor: 19 MiB of memory, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string) {
	return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string) {
	try {
		return await verify(passwordHash, password)
	} catch {
		return false
	}
}

/** Verifying against this keeps sign-in time the same whether or not the email exists. */
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash() {
	dummyHash ??= hashPassword('not-a-real-password-0')
	return dummyHash
}

export const COMMON_PASSWORD_MESSAGE = 'This password is one of the most common, found in leaked password lists. Choose another.'

/** Passwords from zxcvbn-ts' list of common and leaked ones (about 49,000, lowercase), read on first use. */
let commonPasswords: Set<string> | undefined

export function isCommonPassword(password: string) {
	commonPasswords ??= new Set(dictionary.passwords as string[])
	return commonPasswords.has(password.toLowerCase())
}

/** A password a user chooses (sign-up, reset, change, invitation) must not be a common one: checked offline. */
export function refuseCommonPassword(password: string, field = 'password') {
	if (isCommonPassword(password)) throw new ApiError(400, COMMON_PASSWORD_MESSAGE, [{ path: field, message: COMMON_PASSWORD_MESSAGE }])
}

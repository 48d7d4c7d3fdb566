import { hash, verify } from '@node-rs/argon2'

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

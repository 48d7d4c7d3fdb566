import { createCookie } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keptCookie } from './kept-cookie.server.ts'

const options = { path: '/', httpOnly: true, secrets: ['new secret', 'old secret'] }

afterEach(() => vi.restoreAllMocks())

describe('a kept cookie', () => {
	it('reads what the cookie reads: a signed value, an old secret, a bad signature, an absent cookie', async () => {
		const plain = createCookie('s', options)
		const kept = keptCookie('s', options)
		const signed = await kept.serialize({ token: 't1' })
		const byOld = await createCookie('s', { ...options, secrets: ['old secret'] }).serialize({ token: 't2' })
		const headers = [signed.split(';')[0]!, `other=1; ${byOld.split(';')[0]}`, `${signed.split(';')[0]!.slice(0, -3)}abc`, 'other=1', '']
		for (const header of headers) expect(await kept.parse(header)).toEqual(await plain.parse(header))
		expect(await kept.parse(headers[0]!)).toEqual({ token: 't1' })
		expect(await kept.parse(headers[1]!)).toEqual({ token: 't2' })
		expect(await kept.parse(headers[2]!)).toBeNull()
		expect(kept.name).toBe('s')
		expect(kept.isSigned).toBe(true)
	})

	it('checks the signature of a header once, and hands each caller its own copy', async () => {
		const kept = keptCookie('s', options)
		const header = (await kept.serialize({ token: 't1', seen: ['a'] })).split(';')[0]!
		const verify = vi.spyOn(crypto.subtle, 'verify')
		const first = await kept.parse(header)
		expect(verify).toHaveBeenCalledTimes(1)
		first.seen.push('changed by a caller')
		const second = await kept.parse(header)
		expect(verify).toHaveBeenCalledTimes(1)
		expect(second).toEqual({ token: 't1', seen: ['a'] })
		// A different header is checked in its own right.
		await kept.parse(`${header}; other=1`)
		expect(verify).toHaveBeenCalledTimes(2)
	})

	it('reads a header longer than any it keeps every time', async () => {
		const kept = keptCookie('s', options)
		const header = `${(await kept.serialize({ token: 't1' })).split(';')[0]}; pad=${'x'.repeat(5000)}`
		const verify = vi.spyOn(crypto.subtle, 'verify')
		expect(await kept.parse(header)).toEqual({ token: 't1' })
		expect(await kept.parse(header)).toEqual({ token: 't1' })
		expect(verify).toHaveBeenCalledTimes(2)
	})
})

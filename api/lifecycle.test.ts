import { createServer } from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import { createLifecycle } from './lifecycle.ts'

/** Two requests on one connection, `gapMs` apart: the status line of each answer that came. */
async function twoRequestsOneConnection(port: number, gapMs: number) {
	const socket = connect(port, '127.0.0.1')
	let received = ''
	socket.on('data', (chunk) => {
		received += chunk.toString('latin1')
	})
	// A connection the server closed ends here, or fails on the second write: either way no second answer.
	const closed = new Promise((resolve) => socket.on('close', resolve).on('error', resolve))
	const request = 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n'
	socket.write(request)
	await new Promise((resolve) => setTimeout(resolve, gapMs))
	if (!socket.destroyed) socket.write(request)
	await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 500))])
	socket.destroy()
	return received.match(/HTTP\/1\.1 \d{3}/g) ?? []
}

test('a kept-alive connection is still open for a request 7 s after the last, where Node by default has closed it (5 s)', async () => {
	const answer = (_: unknown, res: import('node:http').ServerResponse) => res.end('ok')
	const plain = createServer(answer)
	const attached = createServer(answer)
	const listening = { SIGTERM: process.listeners('SIGTERM'), SIGINT: process.listeners('SIGINT') }
	createLifecycle().attach(attached, [])
	await Promise.all([plain, attached].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))))
	try {
		const [before, after] = await Promise.all(
			[plain, attached].map((s) => twoRequestsOneConnection((s.address() as AddressInfo).port, 7_000)),
		)
		// Node's default closes the idle connection first: the second request has no answer.
		expect(before).toEqual(['HTTP/1.1 200'])
		expect(after).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200'])
	} finally {
		plain.closeAllConnections()
		attached.closeAllConnections()
		await Promise.all([plain, attached].map((s) => new Promise((resolve) => s.close(resolve))))
		// Only the shutdown handlers attach added: the test runner's own stay.
		for (const signal of ['SIGTERM', 'SIGINT'] as const) {
			for (const added of process.listeners(signal).filter((l) => !listening[signal].includes(l))) process.off(signal, added)
		}
	}
}, 15_000)

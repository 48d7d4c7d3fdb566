import { type Socket, connect } from 'node:net'

/**
 * Raw HTTP, for what a client library would not send (a Content-Length the body never reaches, an
 * endless chunked body): write `text`, then let `write` go on; resolve with the answer's status and
 * how long it took, and close the socket.
 */
export function rawHttp(port: number, text: string, write: (socket: Socket) => void = () => {}) {
	return new Promise<{ status: number; ms: number }>((resolve, reject) => {
		const started = Date.now()
		const socket = connect(port, '127.0.0.1', () => {
			socket.write(text)
			write(socket)
		})
		let answer = ''
		socket.on('data', (d) => {
			answer += d.toString()
			const status = Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1])
			if (status) {
				resolve({ status, ms: Date.now() - started })
				socket.destroy()
			}
		})
		socket.on('error', reject)
	})
}

import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './api-process.ts'

/** The newest PostgreSQL server binaries Debian installed, or PG_BIN_DIR. */
function binDir() {
	if (process.env.PG_BIN_DIR) return existsSync(path.join(process.env.PG_BIN_DIR, 'pg_ctl')) ? process.env.PG_BIN_DIR : null
	const root = '/usr/lib/postgresql'
	if (!existsSync(root)) return null
	const versions = readdirSync(root)
		.filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')) && existsSync(path.join(root, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a))
	return versions[0] ? path.join(root, versions[0], 'bin') : null
}

/** Why a throwaway cluster cannot be made here, or null when it can. */
export function tempClusterUnavailable() {
	if (!binDir()) return 'no PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or PG_BIN_DIR'
	if (process.getuid?.() === 0) {
		try {
			execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' })
			execFileSync('runuser', ['--version'], { stdio: 'ignore' })
		} catch {
			return 'running as root, and there is no postgres user (or no runuser) to run the server as'
		}
	}
	return null
}

/**
 * A PostgreSQL cluster of its own, in a temporary folder on a free port, that a test may stop and
 * start at will (never the shared server). Root cannot run postgres: as root it runs as the postgres user.
 */
export class TempCluster {
	private constructor(
		readonly dir: string,
		readonly port: number,
		private readonly bin: string,
	) {}

	static async create() {
		const reason = tempClusterUnavailable()
		if (reason) throw new Error(reason)
		const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'))
		if (process.getuid?.() === 0) {
			const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
			const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
			chownSync(dir, uid, gid)
		}
		const cluster = new TempCluster(dir, await freePort(), binDir()!)
		await cluster.run('initdb', ['-D', cluster.data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'])
		await cluster.start()
		return cluster
	}

	private get data() {
		return path.join(this.dir, 'data')
	}

	get url() {
		return `postgres://postgres@127.0.0.1:${this.port}/postgres`
	}

	/** Not synchronous: the test's own requests keep flowing while the server stops or starts. */
	private async run(tool: string, args: string[]) {
		const command = path.join(this.bin, tool)
		const asPostgres = process.getuid?.() === 0
		await promisify(execFile)(asPostgres ? 'runuser' : command, asPostgres ? ['-u', 'postgres', '--', command, ...args] : args, {
			cwd: this.dir,
		})
	}

	/** Start the server and wait until it takes connections. */
	async start() {
		const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`
		await this.run('pg_ctl', ['-D', this.data, '-o', options, '-l', path.join(this.dir, 'server.log'), '-w', '-t', '30', 'start'])
	}

	/** Stop the server: `fast` ends every connection at once, as a restart by an operator does. */
	async stop(mode: 'fast' | 'immediate' = 'fast') {
		await this.run('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '30', 'stop'])
	}

	async destroy() {
		try {
			await this.stop('immediate')
		} catch {
			// Already stopped.
		}
		rmSync(this.dir, { recursive: true, force: true })
	}
}

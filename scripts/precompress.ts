import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/**
 * build/client/assets: each script and stylesheet written beside itself as Brotli at its best quality
 * (`.br`) and gzip at level 9 (`.gz`), which server.ts serves to a browser that accepts them
 * (docs/decisions/139-precompressed-assets.md). Done once here, where the compression middleware would
 * otherwise make Brotli at quality 4 for every download of a file.
 */
const br = promisify(brotliCompress)
const gz = promisify(gzip)

export async function precompress(dir: string) {
	const files = readdirSync(dir).filter((name) => /\.(js|css)$/.test(name))
	let raw = 0
	let brotli = 0
	await Promise.all(
		files.map(async (name) => {
			const file = path.join(dir, name)
			const body = readFileSync(file)
			const [b, g] = await Promise.all([
				br(body, {
					params: {
						[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
						[constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
						[constants.BROTLI_PARAM_SIZE_HINT]: body.length,
					},
				}),
				gz(body, { level: 9 }),
			])
			writeFileSync(`${file}.br`, b)
			writeFileSync(`${file}.gz`, g)
			raw += body.length
			brotli += b.length
		}),
	)
	return { files: files.length, raw, brotli }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const { files, raw, brotli } = await precompress(path.resolve('build/client/assets'))
	console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KiB, ${(brotli / 1024).toFixed(0)} KiB as Brotli`)
}

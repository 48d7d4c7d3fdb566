import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** builds/latest.json: the version the browsers poll to notice a new build (spec section 7). */
const build = (await import(path.resolve('build/server/index.js'))) as { assets: { version: string } }
mkdirSync('build/client/builds', { recursive: true })
writeFileSync('build/client/builds/latest.json', JSON.stringify({ version: build.assets.version, builtAt: new Date().toISOString() }))
console.log(`builds/latest.json: ${build.assets.version}`)

import { afterAll } from 'vitest'
import { closeFileDatabase } from './test-api.ts'

// Each integration file gets a database of its own, closed when the file is done (tests/support/test-api.ts).
afterAll(closeFileDatabase)

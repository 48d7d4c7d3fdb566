import { defineConfig } from 'drizzle-kit'

export default defineConfig({
	dialect: 'postgresql',
	schema: './api/db/schema.ts',
	out: './api/db/migrations',
})

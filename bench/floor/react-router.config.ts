import type { Config } from '@react-router/dev/config'

// The floor: the smallest server-rendered React Router 7 app, measured next to the portal.
export default {
	ssr: true,
} satisfies Config

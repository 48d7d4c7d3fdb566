import { createCookieSessionStorage, redirect } from 'react-router'
import { z } from 'zod'
import { DANGER_TITLE, notificationKind } from '#app/lib/errors.ts'
import { portalEnv } from './env.server.ts'
import { keptCookie } from './kept-cookie.server.ts'

export const ToastSchema = z.object({
	id: z.string(),
	type: z.enum(['success', 'warning', 'danger']),
	title: z.string().optional(),
	description: z.string(),
})
export type Toast = z.infer<typeof ToastSchema>
/** The flashed list, made once: building a schema is a visible share of a page's time (decision 131). */
const ToastsSchema = z.array(ToastSchema).catch([])
export type ToastInput = Omit<Toast, 'id'>

type ToastFlash = { toasts: Toast[] }
let storage: ReturnType<typeof createCookieSessionStorage<ToastFlash, ToastFlash>> | undefined
function toastStorage() {
	storage ??= createCookieSessionStorage<ToastFlash, ToastFlash>({
		cookie: keptCookie('toast', {
			sameSite: 'lax',
			path: '/',
			httpOnly: true,
			secure: portalEnv().secureCookies,
			secrets: portalEnv().sessionSecrets,
		}),
	})
	return storage
}

/** A notification for a response status: danger 'Oops ):' above 300, warning at 300, else success. */
export function toastFor(status: number, description: string): ToastInput {
	const type = notificationKind(status)
	return { type, description, ...(type === 'danger' ? { title: DANGER_TITLE } : {}) }
}

/** Set-Cookie for a flash of these toasts, shown on the next page. */
export async function toastHeader(request: Request, toasts: ToastInput[]) {
	const session = await toastStorage().getSession(request.headers.get('Cookie'))
	const earlier = ToastsSchema.parse(session.get('toasts') ?? [])
	const added = toasts.map((t) => ({ ...t, id: crypto.randomUUID() }))
	session.flash('toasts', [...earlier, ...added])
	return toastStorage().commitSession(session)
}

export async function redirectWithToast(request: Request, url: string, toast: ToastInput, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	headers.append('Set-Cookie', await toastHeader(request, [toast]))
	return redirect(url, { ...init, headers })
}

/** The flashed toasts, and the header that clears them. */
export async function readToasts(request: Request) {
	const session = await toastStorage().getSession(request.headers.get('Cookie'))
	const toasts = ToastsSchema.parse(session.get('toasts') ?? [])
	return { toasts, headers: toasts.length ? { 'Set-Cookie': await toastStorage().destroySession(session) } : null }
}

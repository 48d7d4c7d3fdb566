/**
 * The API's errors, apart from http.ts so adapters (payments, CAC) can throw them without importing
 * the router, which imports the dependencies, which import the adapters.
 */

/** A failure the caller can act on: its message is shown to the user as it is. */
export class ApiError extends Error {
	constructor(
		readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 502,
		message: string,
		readonly errors?: Array<{ path: string; message: string }>,
	) {
		super(message)
	}
}

export const notFound = (what: string) => new ApiError(404, `We could not find that ${what}.`)
export const forbidden = () => new ApiError(403, 'You do not have permission to do this.')
/** A refusal about one field of the request: the portal shows it beside that field. */
export const fieldError = (status: 400 | 409, path: string, message: string) => new ApiError(status, message, [{ path, message }])

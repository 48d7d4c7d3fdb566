import { createContext, useContext } from 'react'

/**
 * The request's Content-Security-Policy nonce, for the inline scripts React Router renders. Only the
 * server knows it; in the browser it is empty, as the browser hides nonces from the page anyway.
 */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)

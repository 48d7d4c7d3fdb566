import { type ReactNode, createContext, useContext } from 'react'

/** Names the stylesheet file a browser was sent; a new build's file has a new name, so it is sent inline again. */
export const STYLESHEET_COOKIE = 'css'

/**
 * The portal's stylesheet as the server chose to send it: inline on a browser's first page, a link after
 * that (docs/decisions/130-first-visit-stylesheet-and-render-costs.md). Only the server renders it; the browser
 * renders nothing here and keeps what the server sent (in the head, or at the start of the body on a first
 * page: decision 142), as React leaves a stylesheet with a precedence in place while it hydrates.
 */
const StylesheetContext = createContext<ReactNode>(null)

export const StylesheetProvider = StylesheetContext.Provider
export const AppStylesheet = () => useContext(StylesheetContext)

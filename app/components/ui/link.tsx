/**
 * The portal's links: React Router's own, as the browser gets them. The server's build has
 * `link.server.tsx` in this module's place, which writes the same markup with less work (decision 140).
 * Import `Link` and `NavLink` from here, not from `react-router`.
 */
export { Link, NavLink } from 'react-router'

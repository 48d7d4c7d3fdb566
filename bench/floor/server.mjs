// Serves the floor's production build: static assets and SSR, compressed, as the portal does.
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'

const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
app.use(express.static('build/client', { maxAge: '1h' }))
app.all('/{*splat}', createRequestHandler({ build: () => import('./build/server/index.js') }))

const port = Number(process.env.PORT ?? 3000)
app.listen(port, () => console.log(`floor listening on ${port}`))

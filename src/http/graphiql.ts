import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'

// GraphiQL for people exploring the API in a browser, served whole by Daybook: the page and every
// script and style it loads come from this server, read from npm packages at start, so it works
// offline and its Content-Security-Policy can forbid every other host.

const javascript = 'text/javascript; charset=utf-8'
const css = 'text/css; charset=utf-8'

// graphiql 4 is the last release with a build that runs without a bundler (UMD, on the globals
// React and ReactDOM), and React 18 the last with UMD builds of its own (ADR 0033).
const assetFiles = {
  react: { packageName: 'react', file: 'umd/react.production.min.js', contentType: javascript },
  reactDom: { packageName: 'react-dom', file: 'umd/react-dom.production.min.js', contentType: javascript },
  graphiql: { packageName: 'graphiql', file: 'graphiql.min.js', contentType: javascript },
  style: { packageName: 'graphiql', file: 'graphiql.min.css', contentType: css },
} as const

// An asset's URL names its package's version, so a browser may keep it for good: an upgrade
// changes the URL.
const immutable = 'public, max-age=31536000, immutable'

/** Serves the GraphiQL page on the reply of a GET /graphql from a browser. */
export type GraphiQLPage = (reply: FastifyReply) => FastifyReply

const headerPlaceholder = JSON.stringify({ Authorization: 'Bearer <your API key>' }, null, 2)

/** Registers GraphiQL's scripts and style under /graphiql/ and returns the page that loads them. */
export function registerGraphiQL(app: FastifyInstance): GraphiQLPage {
  const require = createRequire(import.meta.url)
  const urls = {} as Record<keyof typeof assetFiles, string>
  for (const [name, asset] of Object.entries(assetFiles) as Array<
    [keyof typeof assetFiles, (typeof assetFiles)[keyof typeof assetFiles]]
  >) {
    // Packages' exports maps may hide their browser builds; package.json is always reachable.
    const manifestPath = require.resolve(`${asset.packageName}/package.json`)
    const { version } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { version: string }
    const body = readFileSync(path.join(path.dirname(manifestPath), asset.file))
    const url = `/graphiql/${asset.packageName}@${version}/${path.basename(asset.file)}`
    urls[name] = url
    app.get(url, (_request, reply) =>
      reply
        .type(asset.contentType)
        .header('cache-control', immutable)
        .header('x-content-type-options', 'nosniff')
        .send(body),
    )
  }

  return (reply) => {
    // A fresh nonce per answer lets the page's own bootstrap script and style run, and the
    // <style> elements GraphiQL's dialogs add (they read the nonce from __webpack_nonce__), while
    // an injected inline script or style would not.
    const nonce = randomBytes(16).toString('base64')
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', contentSecurityPolicy(nonce))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(page(urls, nonce))
  }
}

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    // GraphiQL's stylesheet carries its fonts inline as data: URLs.
    "font-src 'self' data:",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    // The page is where people paste their API keys: no other site may frame it.
    "frame-ancestors 'none'",
  ].join('; ')
}

function page(urls: Record<keyof typeof assetFiles, string>, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Daybook GraphiQL</title>
<link rel="stylesheet" href="${urls.style}">
<style nonce="${nonce}">body{margin:0;height:100vh}#graphiql{height:100vh}</style>
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script src="${urls.react}"></script>
<script src="${urls.reactDom}"></script>
<script src="${urls.graphiql}"></script>
<script nonce="${nonce}">
window.__webpack_nonce__ = ${JSON.stringify(nonce)};
const fetcher = GraphiQL.createFetcher({ url: window.location.pathname });
ReactDOM.createRoot(document.getElementById('graphiql')).render(
  React.createElement(GraphiQL, {
    fetcher,
    defaultHeaders: ${JSON.stringify(headerPlaceholder)},
    defaultEditorToolsVisibility: 'headers',
    isHeadersEditorEnabled: true,
  }),
);
</script>
</body>
</html>`
}

import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'

// The web app is served by the Daybook server itself under /app/ (src/http/app-route.ts), which
// reads the build from dist/web at the repository's root.
export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: false })],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Browsers of the last two years: the bookkeepers' machines, not museums.
    target: 'es2022',
    // A modulepreload polyfill would be an inline script, which the page's policy forbids.
    modulePreload: { polyfill: false },
  },
})

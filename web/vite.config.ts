import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The web client's build (npm run build:web runs it through scripts/build-web.ts). No plugin:
// esbuild compiles the JSX for Preact. Output: dist/web (git-ignored), served by
// src/features/web. Hashed names under /client/ (the service's own small pages use /assets/).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: false,
  logLevel: 'warn',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'client',
    target: 'es2022',
    // No inline script of any kind (the CSP allows scripts from 'self' only).
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    manifest: true,
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = 'http://127.0.0.1:3000';
const proxied = ['/auth', '/api', '/mail', '/documents', '/runtime-config.js', '/docs'];

/**
 * The chunks the entry imports statically: loaded before any lazy page, so a page's preload list need not name
 * them again. The route table in the entry holds one such list per page; trimming them keeps the login page's
 * JS within budget however many pages the features declare (bench: web-size).
 */
const entryImports = new Set<string>();
const collectEntryImports: Plugin = {
  name: 'collect-entry-imports',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) for (const file of chunk.imports) entryImports.add(file);
      }
    },
  },
};

// Vite demands a default export here.
export default defineConfig({
  plugins: [react(), collectEntryImports],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  // The mesh worker is a module worker (new Worker(url, { type: 'module' })): built as one, it may share chunks.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    // The 3D viewer's chunk (three.js, about 570 kB raw) loads only on a case's page, never with the login page.
    chunkSizeWarningLimit: 650,
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !entryImports.has(dep)) },
    // Pinned chunks for what every page (the login page first) loads: React with the router, and Mantine's
    // input family. Left to the automatic splitting, each new lazy page reshuffles these into more, smaller
    // chunks, and the login page's gzipped JS grows although it loads no new code (bench: web-size).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'Input',
              test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](ActionIcon|CloseButton|Input|InputBase|NativeSelect|TextInput)[\\/]/,
            },
          ],
        },
      },
    },
  },
});

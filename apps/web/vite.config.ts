import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://127.0.0.1:3000';
const proxied = ['/auth', '/api', '/mail', '/documents', '/runtime-config.js', '/docs'];

// Vite demands a default export here.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
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

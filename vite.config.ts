import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Absolute paths, so the config works whatever directory it is loaded from (scripts, CI).
const webRoot = fileURLToPath(new URL('./src/web', import.meta.url))
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url))
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3001}`
const proxy = {
  '/api': { target: apiTarget },
  '/healthz': { target: apiTarget },
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // TanStack Query in one file: left to itself the bundler cuts it in four by which screens use which
          // hooks, and every first screen then pays for the extra files (DESIGN §9's 150 KB).
          groups: [
            { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 3000, strictPort: true, proxy },
  preview: { port: 3000, strictPort: true, proxy },
})

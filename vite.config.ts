import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// Absolute paths, so the config works whatever directory it is loaded from (scripts, CI).
const webRoot = fileURLToPath(new URL('./src/web', import.meta.url))
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url))
const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3001}`
const proxy = {
  '/api': { target: apiTarget },
  '/healthz': { target: apiTarget },
}

/**
 * Writes a .br and a .gz beside every built text file of 1 KB or more, once, at build time; the server sends
 * the one the browser accepts (@fastify/static's preCompressed). Uncompressed, the first screen's script and
 * style were about 440 KB on the wire, over a second on a slow phone connection (README, Web speed).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt)$/
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    )
  let builtDir = outDir
  return {
    name: 'brickfolio-precompress',
    apply: 'build',
    configResolved(config) {
      builtDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      for (const file of filesUnder(builtDir)) {
        if (!compressible.test(file)) continue
        const content = readFileSync(file)
        if (content.length < 1024) continue
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        )
      }
    },
  }
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // TanStack Query in one file: left to itself the bundler cuts it in four by which screens use which
          // hooks, and every first screen then pays for the extra files (DESIGN §9's 150 KB).
          groups: [
            { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: { port: 3000, strictPort: true, proxy },
  preview: { port: 3000, strictPort: true, proxy },
})

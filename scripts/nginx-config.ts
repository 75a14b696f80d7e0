/**
 * The nginx configuration `npm run serve:nginx` runs: deploy/nginx/brickfolio.conf as it is, with its upstream
 * servers and `listen` lines replaced by this machine's loopback addresses, inside a small main configuration
 * that keeps every file nginx writes (pid, temp files) in one folder, so nginx runs without root and beside
 * any system nginx.
 */
import { accessSync, constants, readFileSync } from 'node:fs'
import path from 'node:path'

export const SITE_CONFIG = path.join(import.meta.dirname, '..', 'deploy', 'nginx', 'brickfolio.conf')

/** The nginx binary: $NGINX, else `nginx` on the PATH or in Debian's /usr/sbin (often not on a user's PATH). */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = env.NGINX
    ? [env.NGINX]
    : [
        ...(env.PATH ?? '').split(path.delimiter).filter(Boolean),
        '/usr/sbin',
        '/usr/local/sbin',
        '/usr/local/nginx/sbin',
      ].map((dir) => path.join(dir, 'nginx'))
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

export interface SiteAddresses {
  /** Where nginx listens, e.g. 127.0.0.1:8080. */
  listen: string
  /** The app instances, e.g. ['127.0.0.1:3101', '127.0.0.1:3102']. */
  upstreams: string[]
}

const UPSTREAM_BLOCK = /^upstream brickfolio \{\n[\s\S]*?\n\}$/m
const SERVER_LINE = /^([ \t]*)server[ \t]+\S+([^;\n]*);[ \t]*\n/gm
const LISTEN_LINE = /^([ \t]*)listen[ \t]+[^;\n]+;[ \t]*\n/gm

/**
 * The site configuration with these addresses: the upstream's `server` lines become one per instance, keeping
 * the first one's parameters (max_fails, fail_timeout), and the `listen` lines become one. Everything else is
 * the deploy file's own, which is the point: what runs here is what is deployed.
 */
export function renderSiteConfig(site: string, addresses: SiteAddresses): string {
  const block = UPSTREAM_BLOCK.exec(site)?.[0]
  if (!block) throw new Error('the site configuration has no `upstream brickfolio { … }` block')
  const servers = [...block.matchAll(SERVER_LINE)]
  const first = servers[0]
  if (!first) throw new Error('`upstream brickfolio` lists no server')
  const [, indent = '', parameters = ''] = first
  const lines = addresses.upstreams.map((address) => `${indent}server ${address}${parameters};\n`).join('')
  let serverIndex = 0
  const upstream = block.replace(SERVER_LINE, () => (serverIndex++ === 0 ? lines : ''))

  let listenIndex = 0
  const rendered = site
    .replace(block, upstream)
    .replace(LISTEN_LINE, (_line, listenIndent: string) =>
      listenIndex++ === 0 ? `${listenIndent}listen ${addresses.listen};\n` : '',
    )
  if (listenIndex === 0) throw new Error('the site configuration has no `listen` line')
  return rendered
}

export function readSiteConfig(addresses: SiteAddresses): string {
  return renderSiteConfig(readFileSync(SITE_CONFIG, 'utf8'), addresses)
}

/**
 * nginx's main configuration around the site file: one worker, errors to stderr, no access log (each instance
 * logs its requests), every path nginx writes under `dir`. `X-Served-By` names the instance that answered,
 * for the test and for watching the balancing; a public server should not tell the world its instances.
 */
export function mainConfig(options: { dir: string; siteFile: string }): string {
  const temp = (name: string) => JSON.stringify(path.join(options.dir, 'temp', name))
  return `worker_processes 1;
pid ${JSON.stringify(path.join(options.dir, 'nginx.pid'))};
error_log stderr warn;

events {
    worker_connections 1024;
}

http {
    access_log off;
    client_body_temp_path ${temp('client-body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    add_header X-Served-By $upstream_addr always;
    include ${JSON.stringify(options.siteFile)};
}
`
}

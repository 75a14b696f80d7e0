import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface TestAccount {
  sub: string
  email: string
  email_verified: boolean
  given_name: string
  family_name: string
  picture: string
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 with its development login and consent
 * pages, for testing the whole sign-in flow.
 */
export async function startOidcProvider(options: {
  clientId: string
  clientSecret: string
  redirectUri: string
}) {
  const accounts = new Map<string, TestAccount>()
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) =>
    response.writeHead(503).end()
  const server = createServer((request, response) => handler(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'picture'] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_context, id) => {
      const account = accounts.get(id)
      if (!account) return undefined
      return { accountId: id, claims: async () => ({ ...account }) }
    },
  })
  handler = provider.callback()
  return {
    issuer,
    addAccount: (account: TestAccount) => accounts.set(account.sub, account),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Plays the person in the browser at the provider: follows redirects, signs in as `accountId` on the
 * login page and confirms the consent page, until the provider sends the browser back to the app.
 */
export async function signInAtProvider(authorizationUrl: string, accountId: string, appOrigin: string) {
  const cookies = new Map<string, string>()
  let url = authorizationUrl
  let body: URLSearchParams | undefined
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    })
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';')
      const [name, ...value] = (pair ?? '').split('=')
      if (name) cookies.set(name.trim(), value.join('='))
    }
    body = undefined
    const location = response.headers.get('location')
    if (location) {
      const next = new URL(location, url)
      if (next.origin === new URL(appOrigin).origin) return next
      url = next.href
      continue
    }
    const html = await response.text()
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1]
    if (!action)
      throw new Error(`The provider showed a page without a form (${response.status}): ${html.slice(0, 200)}`)
    url = new URL(action, url).href
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login: accountId, password: 'any password' })
      : new URLSearchParams({ prompt: 'consent' })
  }
  throw new Error('The provider never sent the browser back to the app')
}

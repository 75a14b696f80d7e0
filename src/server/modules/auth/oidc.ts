import * as client from 'openid-client'
import type { OidcProfile } from './auth.repo.ts'

export interface OidcSettings {
  issuer: string
  clientId: string
  clientSecret: string
}

/** What the browser carries between /api/login and /api/callback (an httpOnly cookie, 10 minutes). */
export interface OidcAttempt {
  verifier: string
  state: string
  redirectUri: string
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * OpenID Connect sign-in (authorization code + PKCE) with `openid-client`. The provider's metadata is
 * discovered on first use and kept; a failed discovery is retried at the next sign-in.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined

  constructor(private readonly settings: OidcSettings) {}

  private config(): Promise<client.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined
      throw error
    })
    return this.configuration
  }

  private async discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuer)
    // Plain HTTP only for a provider on this machine (development and the test suite).
    const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname)
    return client.discovery(
      issuer,
      this.settings.clientId,
      this.settings.clientSecret,
      undefined,
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    )
  }

  async startSignIn(redirectUri: string): Promise<{ url: string; attempt: OidcAttempt }> {
    const config = await this.config()
    const verifier = client.randomPKCECodeVerifier()
    const state = client.randomState()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    })
    return { url: url.href, attempt: { verifier, state, redirectUri } }
  }

  /** Exchanges the code the provider sent back for the signed-in person's profile. */
  async finishSignIn(callbackUrl: URL, attempt: OidcAttempt): Promise<OidcProfile> {
    const config = await this.config()
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: attempt.verifier,
      expectedState: attempt.state,
    })
    const claims = tokens.claims()
    if (!claims) throw new Error('The sign-in provider sent no ID token')
    let info: Record<string, unknown> = { ...claims }
    try {
      info = { ...info, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) }
    } catch {
      // Providers that put everything in the ID token may have no userinfo endpoint.
    }
    const text = (key: string) =>
      typeof info[key] === 'string' && info[key] !== '' ? (info[key] as string) : null
    return {
      subject: claims.sub,
      email: text('email')?.toLowerCase() ?? null,
      emailVerified: info.email_verified === true,
      firstName: text('given_name'),
      lastName: text('family_name'),
      pictureUrl: text('picture'),
    }
  }
}

import type { App } from '#server/app.ts'

/** Signs a new user up through the API and returns the cookie header that carries the session. */
export async function signUp(
  app: App,
  user: { email: string; password?: string; firstName?: string; lastName?: string },
): Promise<{ cookie: string; id: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { password: 'correct horse battery', ...user },
  })
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`)
  return { cookie: sessionCookie(response.headers['set-cookie']), id: response.json().id }
}

/** The `name=value` pair of the session cookie in a Set-Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  const session = cookies.find((cookie) => cookie.startsWith('bf_session='))
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`)
  return session.split(';')[0] as string
}

let counter = 0
/** A unique e-mail address per call, so tests never collide on the unique e-mail constraint. */
export function uniqueEmail(prefix = 'collector'): string {
  counter++
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`
}

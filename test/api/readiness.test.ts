import { describe, expect, it } from 'vitest'
import { setupTestApp } from '../support/test-app.ts'

const context = setupTestApp()

describe('GET /readyz', () => {
  it('answers ready while the database answers', async () => {
    const response = await context.app.inject({ url: '/readyz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ready' })
  })

  it('declares its 503 in the API reference, as load balancers and orchestrators read it', async () => {
    const document = (await context.app.inject({ url: '/api/openapi.json' })).json()
    const answers = document.paths['/readyz'].get.responses
    expect(Object.keys(answers)).toEqual(expect.arrayContaining(['200', '503']))
    expect(answers['503'].description).toContain('DATABASE_UNAVAILABLE')
  })
})

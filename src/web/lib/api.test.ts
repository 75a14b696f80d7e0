import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ApiError,
  AUTH_REQUIRED_MESSAGE,
  apiRequest,
  INVALID_RESPONSE_MESSAGE,
  serverError,
  serverMessage,
} from './api.ts'

// A real HTTP server on loopback instead of a stubbed fetch: the helper is tested against real answers.
type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void

const routes: Record<string, Handler> = {
  '/ok': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    response.end(JSON.stringify({ items: [{ id: 1, name: 'Millennium Falcon' }], total: 1 }))
  },
  '/echo': (request, body, response) => {
    response.writeHead(201, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({ method: request.method, contentType: request.headers['content-type'], body }),
    )
  },
  '/fail': (_request, _body, response) => {
    response.writeHead(500, { 'content-type': 'text/plain' })
    response.end('Something broke')
  },
  '/conflict': (_request, _body, response) => {
    response.writeHead(409, { 'content-type': 'application/json' })
    response.end('{"message":"An account with this email already exists.","code":"CONFLICT"}')
  },
  '/fail-empty': (_request, _body, response) => {
    response.writeHead(503)
    response.end()
  },
  '/html': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>Log in</title>')
  },
  '/text': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' })
    response.end('plain words')
  },
  '/untyped': (_request, _body, response) => {
    response.writeHead(200)
    response.end('???')
  },
  '/bad-json': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('{"items": [')
  },
  '/no-content': (_request, _body, response) => {
    response.writeHead(204)
    response.end()
  },
}

let server: Server
let base: string

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const handler = routes[new URL(request.url ?? '/', 'http://localhost').pathname]
      if (handler) return handler(request, Buffer.concat(chunks).toString('utf8'), response)
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end('{"message":"Not found"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
})

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('apiRequest', () => {
  it('returns the parsed JSON answer', async () => {
    await expect(apiRequest('GET', `${base}/ok`)).resolves.toEqual({
      items: [{ id: 1, name: 'Millennium Falcon' }],
      total: 1,
    })
  })

  it('sends a body as JSON with a JSON content type', async () => {
    const answer = await apiRequest('POST', `${base}/echo`, { body: { itemId: 7, quantity: 2 } })
    expect(answer).toEqual({
      method: 'POST',
      contentType: 'application/json',
      body: '{"itemId":7,"quantity":2}',
    })
  })

  it('sends a form as multipart, with the boundary the browser chose', async () => {
    const form = new FormData()
    form.set('source', 'bricklink')
    form.set('file', new Blob(['<INVENTORY/>'], { type: 'text/xml' }), 'wanted.xml')
    const answer = await apiRequest<{ contentType: string; body: string }>('POST', `${base}/echo`, { form })
    expect(answer.contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(answer.body).toContain('name="file"; filename="wanted.xml"')
    expect(answer.body).toContain('<INVENTORY/>')
    expect(answer.body).toContain('bricklink')
  })

  it('resolves to undefined for 204 No Content', async () => {
    await expect(apiRequest('DELETE', `${base}/no-content`)).resolves.toBeUndefined()
  })

  it('reports a non-ok answer as "status: body text"', async () => {
    const error = await failure(apiRequest('GET', `${base}/fail`))
    expect(error.message).toBe('500: Something broke')
    expect(error.status).toBe(500)
    expect((await failure(apiRequest('GET', `${base}/missing`))).message).toBe('404: {"message":"Not found"}')
  })

  it('falls back to the status text when a non-ok answer has no body', async () => {
    expect((await failure(apiRequest('GET', `${base}/fail-empty`))).message).toBe('503: Service Unavailable')
  })

  it('treats an HTML answer as a lost session', async () => {
    expect((await failure(apiRequest('GET', `${base}/html`))).message).toBe(AUTH_REQUIRED_MESSAGE)
    expect(AUTH_REQUIRED_MESSAGE).toBe('Authentication required. Please refresh the page and log in.')
  })

  it('names any other content type it cannot use', async () => {
    expect((await failure(apiRequest('GET', `${base}/text`))).message).toBe(
      'Unexpected response type: text/plain',
    )
    expect((await failure(apiRequest('GET', `${base}/untyped`))).message).toBe(
      'Unexpected response type: unknown',
    )
  })

  it('reports JSON it cannot parse', async () => {
    expect((await failure(apiRequest('GET', `${base}/bad-json`))).message).toBe(INVALID_RESPONSE_MESSAGE)
    expect(INVALID_RESPONSE_MESSAGE).toBe('Invalid response format. Please try refreshing the page.')
  })
})

describe('serverMessage', () => {
  it("reads the message and code of the server's JSON error body", async () => {
    const error = await failure(apiRequest('POST', `${base}/conflict`, { body: {} }))
    expect(error.status).toBe(409)
    expect(error.message).toBe(
      '409: {"message":"An account with this email already exists.","code":"CONFLICT"}',
    )
    expect(serverMessage(error, 'fallback')).toBe('An account with this email already exists.')
    expect(serverError(error)).toEqual({
      message: 'An account with this email already exists.',
      code: 'CONFLICT',
    })
  })

  it('falls back when there is no JSON message', async () => {
    expect(serverMessage(await failure(apiRequest('GET', `${base}/fail`)), 'fallback')).toBe('fallback')
    expect(serverMessage(new Error('network down'), 'fallback')).toBe('fallback')
    expect(serverMessage(new ApiError('500: {}', 500, '{}'), 'fallback')).toBe('fallback')
  })
})

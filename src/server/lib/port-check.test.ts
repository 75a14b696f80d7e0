import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { checkPortFree, PortUnavailableError, portProblem } from './port-check.ts'

let held: Server | undefined
afterEach(() => held?.close())

const hold = (host: string, port = 0) =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    held = server
    server
      .once('error', reject)
      .listen(port, host, () => resolve((server.address() as { port: number }).port))
  })

describe('checking the port before start', () => {
  it('says in one sentence that a port another server holds is in use, on its address or on localhost', async () => {
    const port = await hold('127.0.0.1')
    const sentence = `Port ${port} is already in use: stop the other server or set PORT.`
    await expect(checkPortFree({ port, host: '127.0.0.1' })).rejects.toThrow(
      new PortUnavailableError(sentence),
    )
    await expect(checkPortFree({ port, host: 'localhost' })).rejects.toThrow(sentence)
    await expect(checkPortFree({ port, host: '0.0.0.0' })).rejects.toThrow(sentence)
  })

  it('lets a free port go again at once, so that the server can listen on it', async () => {
    const port = await hold('127.0.0.1')
    held?.close()
    await new Promise((resolve) => setTimeout(resolve, 10))
    await checkPortFree({ port, host: 'localhost' })
    await checkPortFree({ port, host: 'localhost' })
    await checkPortFree({ port: 0, host: 'localhost' })
    expect(await hold('127.0.0.1', port)).toBe(port)
  })

  it('names the port problems it knows, and no others', () => {
    expect(portProblem(Object.assign(new Error('x'), { code: 'EACCES' }), 80)).toBe(
      'Port 80 needs privileges this user does not have: set PORT to 1024 or above.',
    )
    expect(portProblem(Object.assign(new Error('x'), { code: 'ENOTFOUND' }), 80)).toBeUndefined()
    expect(portProblem(undefined, 80)).toBeUndefined()
  })
})

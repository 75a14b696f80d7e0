import Fastify from 'fastify'

/** The bare Fastify "hello world" every row of the benchmark is compared with. */
const app = Fastify({ logger: false })
app.get('/', () => ({ hello: 'world' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
console.log('ready')

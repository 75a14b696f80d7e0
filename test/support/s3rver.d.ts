/** The few parts of s3rver (it ships no types) that test/support/s3-server.ts uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  interface S3rverOptions {
    address?: string
    port?: number
    directory: string
    silent?: boolean
    vhostBuckets?: boolean
    configureBuckets?: Array<{ name: string }>
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}

/** The part of http_ece (it ships no types) that test/support/push-service.ts uses: RFC 8188 decryption. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer
}

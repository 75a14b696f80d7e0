import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'

/**
 * A stand-in for `dist/web` for this test file: the page and one built chunk (`assets/main-abc123.js`),
 * removed after the file's tests.
 */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'brickfolio-web-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

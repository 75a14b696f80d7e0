/**
 * The wanted list's public face: the refresh an import that fills it runs afterwards (the import
 * screen), so the list shows the new rows the next time it is seen. The route table loads its page itself
 * (app/routes.tsx).
 */
export { invalidateWanted } from './queries.ts'

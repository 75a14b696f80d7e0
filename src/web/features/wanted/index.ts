/**
 * The wanted list's public face: the refresh an import that fills it runs afterwards (the import
 * screen), so the list shows the new rows the next time it is seen, and the name of the list's button that
 * sets price alerts at its prices, which the import's result points to. The route table loads its page itself
 * (app/routes.tsx).
 */
export { invalidateWanted } from './queries.ts'

import { WANTED_TEXTS } from './wanted-texts.ts'

export const ALERT_AT_MY_PRICES = WANTED_TEXTS.alerts.all

import { useEffect } from 'react'

export const APP_NAME = 'Brickfolio'

/** Sets the tab title to "<title> · Brickfolio" (or just the app name) while the screen is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME
  }, [title])
}

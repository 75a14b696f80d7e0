const RELOADED_KEY = 'brickfolio:reloaded-for-chunk'

/**
 * Loads a code-split chunk. When it cannot be loaded, usually because a new version was deployed
 * since this page was opened and the old chunk is gone, the page reloads once to pick up the new
 * version instead of leaving a blank screen; a second failure in a row is thrown as it is.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    const module = await load()
    sessionStorage.removeItem(RELOADED_KEY)
    return module
  } catch (error) {
    if (sessionStorage.getItem(RELOADED_KEY)) throw error
    sessionStorage.setItem(RELOADED_KEY, '1')
    window.location.reload()
    // The reload replaces this page; nothing should render in the meantime.
    return new Promise<T>(() => {})
  }
}

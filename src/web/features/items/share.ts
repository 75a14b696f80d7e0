export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

interface ShareEnvironment {
  share?: (data: ShareData) => Promise<void>
  writeText?: (text: string) => Promise<void>
}

/**
 * Shares a page with the Web Share API where the browser has it, else copies its address. A share
 * sheet the user closes is 'cancelled'; a failed share falls back to copying.
 */
export async function shareLink(
  data: { title: string; url: string },
  environment: ShareEnvironment = browserEnvironment(),
): Promise<ShareOutcome> {
  if (environment.share) {
    try {
      await environment.share({ title: data.title, url: data.url })
      return 'shared'
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled'
    }
  }
  if (!environment.writeText) return 'failed'
  try {
    await environment.writeText(data.url)
    return 'copied'
  } catch {
    return 'failed'
  }
}

function browserEnvironment(): ShareEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator
  return {
    share: typeof nav?.share === 'function' ? (data) => nav.share(data) : undefined,
    writeText: nav?.clipboard ? (text) => nav.clipboard.writeText(text) : undefined,
  }
}

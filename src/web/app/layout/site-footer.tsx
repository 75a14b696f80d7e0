import { Mail } from 'lucide-react'

export const SUPPORT_EMAIL = 'support@brickfolio.app'
export const DISCLAIMER =
  'Brickfolio is not affiliated with, sponsored by or endorsed by the LEGO Group. LEGO® is a trademark of the LEGO Group.'

// Placeholder targets until these pages exist (spec 01 §2: targets not shown).
const FOOTER_LINKS = ['About', 'Blog', 'Privacy', 'Terms'] as const

const linkClass = 'rounded-sm text-muted underline-offset-4 transition-colors hover:text-fg hover:underline'

export function SiteFooter() {
  return (
    <footer className="mt-auto border-line border-t bg-surface/60">
      <div className="page-width flex flex-col gap-6 py-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-bold text-fg">
            Brickfolio
            <span className="ml-2 font-normal text-muted text-sm">Your collection, valued.</span>
          </p>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
              {FOOTER_LINKS.map((label) => (
                <li key={label}>
                  {/* biome-ignore lint/a11y/useValidAnchor: placeholder targets until these pages exist */}
                  <a href="#" className={linkClass}>
                    {label}
                  </a>
                </li>
              ))}
              <li>
                <a
                  href={`mailto:${SUPPORT_EMAIL}`}
                  className={`${linkClass} inline-flex items-center gap-1.5`}
                >
                  <Mail aria-hidden="true" className="size-4" />
                  {SUPPORT_EMAIL}
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <div className="flex flex-col gap-2 border-line border-t pt-6 text-subtle text-xs sm:flex-row sm:justify-between sm:gap-8">
          <p className="max-w-3xl text-pretty">{DISCLAIMER}</p>
          <p className="shrink-0">
            Catalogue data:{' '}
            {/* Inside a sentence a link needs more than its colour to be seen as one (WCAG 1.4.1). */}
            <a href="https://rebrickable.com" className={`${linkClass} underline`}>
              Rebrickable
            </a>
          </p>
        </div>
      </div>
    </footer>
  )
}

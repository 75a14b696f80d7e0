import { Link } from 'wouter'
import { buttonClasses } from '#web/components/ui/button.ts'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'

export function NotFoundPage() {
  useDocumentTitle('Page Not Found')
  return (
    <section className="page-width flex flex-1 flex-col items-center justify-center py-20 text-center sm:py-28">
      <MissingBrick />
      <h1 className="mt-8 font-extrabold text-3xl tracking-tight sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-3 max-w-md text-pretty text-muted">
        This brick isn't in the box. The page may have moved, or the link may be mistyped.
      </p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to home
      </Link>
    </section>
  )
}

/** A 2×4 brick with one stud missing. */
function MissingBrick() {
  return (
    <svg aria-hidden="true" viewBox="0 0 120 64" className="h-16 w-auto">
      {[9, 37, 65].map((x) => (
        <rect
          key={x}
          x={x}
          y="8"
          width="18"
          height="16"
          rx="4"
          className="fill-raised stroke-line-strong"
          strokeWidth="2"
        />
      ))}
      <rect
        x="93"
        y="8"
        width="18"
        height="16"
        rx="4"
        fill="none"
        strokeDasharray="4 3"
        strokeWidth="2"
        className="stroke-brick-yellow"
      />
      <rect
        x="4"
        y="20"
        width="112"
        height="40"
        rx="6"
        className="fill-raised stroke-line-strong"
        strokeWidth="2"
      />
    </svg>
  )
}

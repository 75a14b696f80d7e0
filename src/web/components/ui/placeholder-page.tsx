import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useDocumentTitle } from '#web/lib/use-document-title.ts'
import { Card } from './card.tsx'

interface PlaceholderPageProps {
  title: string
  /** The tab title; defaults to the heading. */
  documentTitle?: string
  icon: LucideIcon
  children?: ReactNode
}

/** A screen that exists in the route table but whose content comes in a later release. */
export function PlaceholderPage({ title, documentTitle, icon: Icon, children }: PlaceholderPageProps) {
  useDocumentTitle(documentTitle ?? title)
  return (
    <section className="page-width flex flex-1 flex-col items-center justify-center py-20 text-center sm:py-28">
      <Card as="span" className="inline-flex size-14 items-center justify-center text-brick-yellow">
        <Icon aria-hidden="true" className="size-7" />
      </Card>
      <h1 className="mt-6 text-balance font-extrabold text-3xl tracking-tight sm:text-4xl">{title}</h1>
      {children ? <div className="mt-3 max-w-md text-pretty text-muted">{children}</div> : null}
    </section>
  )
}

import type { ReactNode } from 'react'
import { Card } from '#web/components/ui/card.tsx'

/** The frame of the add and edit item screens: a heading and the form on a card. */
export function FormPage({
  title,
  description,
  above,
  children,
}: {
  title: string
  description?: ReactNode
  /** Above the heading, e.g. a back link. */
  above?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="page-width max-w-3xl py-8 sm:py-12">
      {above}
      <h1 className="font-extrabold text-3xl tracking-tight sm:text-4xl">{title}</h1>
      {description ? <p className="mt-2 text-pretty text-muted">{description}</p> : null}
      <Card className="mt-6 p-5 sm:p-7">{children}</Card>
    </section>
  )
}

import { Package } from 'lucide-react'
import { Link } from 'wouter'
import { buttonClasses } from '../../../components/ui/button.ts'
import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx'

/** Placeholder until the item page is built: names the item from its slug. */
export function ItemPage({ params }: { params: { slug?: string } }) {
  const slug = params.slug ?? ''
  return (
    <PlaceholderPage title="Item details" icon={Package}>
      <p>
        Details, price history and sales for <span className="font-mono text-fg">{slug}</span> are coming
        soon.
      </p>
      <Link href="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
        Back to home
      </Link>
    </PlaceholderPage>
  )
}

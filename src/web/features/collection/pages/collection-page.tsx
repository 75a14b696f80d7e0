import { Boxes } from 'lucide-react'
import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx'

/** Placeholder until the collection table is built. */
export function CollectionPage() {
  return (
    <PlaceholderPage title="My Collection" icon={Boxes}>
      Your sets and minifigures with their value, cost basis and profit and loss will appear here.
    </PlaceholderPage>
  )
}

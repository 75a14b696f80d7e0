import { ToyBrick } from 'lucide-react'
import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx'

/** Placeholder until the catalogue browser is built. */
export function SetsPage() {
  return (
    <PlaceholderPage title="LEGO Sets" icon={ToyBrick}>
      Browse every set by theme and year, with retail and market prices. Coming soon.
    </PlaceholderPage>
  )
}

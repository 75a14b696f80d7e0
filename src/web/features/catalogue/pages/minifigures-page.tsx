import { PersonStanding } from 'lucide-react'
import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx'

/** Placeholder until the catalogue browser is built. */
export function MinifiguresPage() {
  return (
    <PlaceholderPage title="LEGO Minifigures" icon={PersonStanding}>
      Browse minifigures by theme, with the sets they appear in and their market prices. Coming soon.
    </PlaceholderPage>
  )
}

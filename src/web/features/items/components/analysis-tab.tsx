import { ChartNoAxesCombined } from 'lucide-react'
import { Card } from '#web/components/ui/card.tsx'

/** The Analysis tab (spec 02 §2). */
export function AnalysisTab() {
  return (
    <Card variant="dashed" className="flex flex-col items-center px-6 py-12 text-center">
      <ChartNoAxesCombined aria-hidden="true" className="size-6 text-subtle" />
      <p className="mt-3 text-muted">Detailed market analysis coming soon.</p>
    </Card>
  )
}

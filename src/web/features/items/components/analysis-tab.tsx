import { ChartNoAxesCombined } from 'lucide-react'

/** The Analysis tab (spec 02 §2). */
export function AnalysisTab() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-line border-dashed px-6 py-12 text-center">
      <ChartNoAxesCombined aria-hidden="true" className="size-6 text-subtle" />
      <p className="mt-3 text-muted">Detailed market analysis coming soon.</p>
    </div>
  )
}

import { Settings } from 'lucide-react'
import { PlaceholderPage } from '#web/components/ui/placeholder-page.tsx'

export function SettingsPage() {
  return (
    <PlaceholderPage title="Settings - Coming Soon" documentTitle="Settings" icon={Settings}>
      Notification, privacy and display settings will live here.
    </PlaceholderPage>
  )
}

import { Bell, Settings } from 'lucide-react'
import { PlaceholderPage } from '#web/components/ui/placeholder-page.tsx'

export function SettingsPage() {
  return (
    <PlaceholderPage title="Settings - Coming Soon" documentTitle="Settings" icon={Settings}>
      Notification, privacy and display settings will live here.
    </PlaceholderPage>
  )
}

export function AlertsPage() {
  return (
    <PlaceholderPage title="Alerts - Coming Soon" documentTitle="Alerts" icon={Bell}>
      Price alerts for the sets and minifigures you follow will live here.
    </PlaceholderPage>
  )
}

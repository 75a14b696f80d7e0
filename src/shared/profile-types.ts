import type { ProfileType } from './contract/values.ts'

/** The three self-chosen profile types (spec 01 §1), shown in onboarding and on the profile. */
export const PROFILE_TYPES: ReadonlyArray<{
  id: ProfileType
  title: string
  description: string
  features: readonly string[]
}> = [
  {
    id: 'collector',
    title: 'Collector',
    description: 'Track and organize your collection',
    features: [
      'Organize your collection',
      'Track purchase history',
      'Set completion goals',
      'Share with community',
    ],
  },
  {
    id: 'investor',
    title: 'Investor',
    description: 'Monitor your investments and returns',
    features: ['Portfolio analytics', 'Price alerts and tracking', 'ROI calculations', 'Market insights'],
  },
  {
    id: 'shop',
    title: 'Shop Owner',
    description: 'Manage inventory and pricing for your business',
    features: ['Inventory management', 'Bulk pricing tools', 'Sales analytics', 'Market trends'],
  },
]

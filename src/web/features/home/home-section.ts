/** The dashboard shows for a collection with something in it; the start section for an empty one. */
export function homeSection(
  itemCount: number | undefined,
  onboardingCompleted: boolean,
): 'dashboard' | 'start' | 'none' {
  if (itemCount === undefined) return 'none'
  if (itemCount > 0) return 'dashboard'
  return onboardingCompleted ? 'start' : 'none'
}

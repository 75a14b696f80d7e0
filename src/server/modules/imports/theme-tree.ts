export interface ThemeRow {
  id: number
  name: string
  parentId: number | null
  era?: string | null
  complexity?: string | null
  colorScheme?: string | null
}

/** A theme with its place in the tree, as it is stored. */
export interface ThemeTreeRow extends ThemeRow {
  /** Root-first ids, ending with the theme's own. */
  path: number[]
  /** The top-level theme's name: the theme's category. */
  rootName: string
}

/** Root-first id path of each theme; a missing parent or a cycle makes the theme its own root. */
export function themePaths(themes: ThemeRow[]): Map<number, number[]> {
  const byId = new Map(themes.map((theme) => [theme.id, theme]))
  const paths = new Map<number, number[]>()
  const pathOf = (id: number, seen: Set<number>): number[] => {
    const known = paths.get(id)
    if (known) return known
    const theme = byId.get(id)
    const parentId = theme?.parentId
    const path =
      parentId != null && byId.has(parentId) && !seen.has(parentId)
        ? [...pathOf(parentId, seen.add(id)), id]
        : [id]
    paths.set(id, path)
    return path
  }
  for (const theme of themes) pathOf(theme.id, new Set())
  return paths
}

/**
 * The themes with their paths and root names, parents first (so every parent id already resolves when
 * they are written); a parent that is not among them is dropped.
 */
export function themeTree(themes: ThemeRow[]): ThemeTreeRow[] {
  const paths = themePaths(themes)
  const byId = new Map(themes.map((theme) => [theme.id, theme]))
  const pathOf = (id: number) => paths.get(id) ?? [id]
  return themes
    .map((theme) => ({
      ...theme,
      parentId: theme.parentId != null && byId.has(theme.parentId) ? theme.parentId : null,
      path: pathOf(theme.id),
      rootName: byId.get(pathOf(theme.id)[0] ?? theme.id)?.name ?? '',
    }))
    .sort((a, b) => a.path.length - b.path.length)
}

import { slugify } from '#shared/text.ts'

export interface SlugSubject {
  type: string
  number: string
  name: string
}

/** The `{number}-{name}` slug each item wants (DESIGN §3). */
export const wantedSlugs = (items: SlugSubject[]) => items.map((item) => slugify(item.number, item.name))

/**
 * Slugs for items being written: an existing item keeps its own slug (slugs never change, so shared links
 * keep working); a new item gets the slug it wants, with a numeric suffix (`-2`, `-3`, …) when another item
 * — stored, or earlier in the same batch — has it. `owners` maps the stored slugs among the wanted ones to
 * their items' `type:number`.
 */
export function assignSlugs(
  items: SlugSubject[],
  owners: Map<string, string>,
  wanted = wantedSlugs(items),
): string[] {
  const taken = new Map(owners)
  return items.map((item, index) => {
    const key = `${item.type}:${item.number}`
    const base = wanted[index] as string
    let slug = base
    for (let n = 2; taken.has(slug) && taken.get(slug) !== key; n++) slug = `${base}-${n}`
    taken.set(slug, key)
    return slug
  })
}

import { sql } from 'drizzle-orm'
import {
  writeAliases,
  writeItems,
  writeRetailPrices,
  writeSetMinifigs,
  writeThemes,
} from '../modules/imports/catalogue-bulk.service.ts'
import { type Database, queryRows } from './client.ts'
import { conditions } from './schema/index.ts'
import { seedConditions } from './seed/conditions.ts'
import { demoMinifigs, demoSetMinifigs, demoSets, demoThemes } from './seed/demo-catalogue.ts'
import { demoRetailPrices } from './seed/demo-retail-prices.ts'

/** Reference data every database needs; safe to run at every start. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db
    .insert(conditions)
    .values([...seedConditions])
    .onConflictDoNothing({ target: [conditions.category, conditions.label] })
}

/** The hand-written demo catalogue, only into a catalogue that is still empty. */
export async function seedDemoCatalogue(db: Database): Promise<{ seeded: boolean }> {
  const [existing] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from items) as any`)
  if (existing?.any) return { seeded: false }
  await db.transaction(async (tx) => {
    await writeThemes({ db: tx, themes: demoThemes })
    const themeName = new Map(demoThemes.map((theme) => [theme.id, theme.name]))
    await writeItems({
      db: tx,
      items: [
        ...demoSets.map((set) => ({
          type: 'set' as const,
          number: set.number,
          name: set.name,
          theme: themeName.get(set.themeId) ?? 'Other',
          themeId: set.themeId,
          year: set.year,
          pieces: set.pieces,
          minifigures: set.minifigures,
          originalMsrpGbp: set.originalMsrpGbp,
          imageUrl: set.imageUrl,
        })),
        ...demoMinifigs.map((figure) => ({
          type: 'minifig' as const,
          number: figure.number,
          name: figure.name,
          theme: themeName.get(figure.themeId) ?? 'Other',
          themeId: figure.themeId,
          year: figure.year,
          pieces: null,
          imageUrl: figure.imageUrl,
        })),
      ],
    })
    await writeAliases({
      db: tx,
      aliases: [
        ...demoSets.flatMap((set) =>
          (set.aliases ?? []).map((alias) => ({ type: 'set' as const, number: set.number, alias })),
        ),
        ...demoMinifigs.flatMap((figure) =>
          (figure.aliases ?? []).map((alias) => ({ type: 'minifig' as const, number: figure.number, alias })),
        ),
      ],
    })
    await writeSetMinifigs({ db: tx, links: demoSetMinifigs })
    await writeRetailPrices({ db: tx, rows: demoRetailPrices, source: 'brickset' })
  })
  return { seeded: true }
}

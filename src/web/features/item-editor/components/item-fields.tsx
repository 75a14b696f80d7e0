import { useId } from 'react'
import { useController, useWatch } from 'react-hook-form'
import { ITEM_TYPES } from '#shared/contract/values.ts'
import { currentYearUtc } from '#shared/dates.ts'
import { NumberField, TextField } from '#web/components/ui/form-fields.tsx'
import { useThemeNames } from '#web/features/catalogue/index.ts'
import { cn } from '#web/lib/cn.ts'
import { itemTypeLabel } from '#web/lib/labels.ts'
import { type ItemType, MINIFIGURES_MIN, numberLabel, PIECES_MIN, YEAR_MIN } from '../item-fields.ts'

/**
 * The words of the two specs: the catalogue's Add and Edit Item screens (spec 02 §2) and the create
 * step of Add to Collection (spec 01 §2).
 */
const WORDING = {
  catalogue: {
    type: 'Item Type',
    number: numberLabel,
    year: 'Release Year',
    yearPlaceholder: true,
    pieces: 'Piece Count',
    minifigures: 'Minifigures Included',
    imagePlaceholder: 'https://cdn.rebrickable.com/media/sets/…',
  },
  collection: {
    type: 'Type',
    number: () => 'Item Number',
    year: 'Year',
    yearPlaceholder: false,
    pieces: 'Pieces',
    minifigures: 'Minifigures',
    imagePlaceholder: 'https://…',
  },
} as const

export const MSRP_STEP = '0.01'
export const MSRP_HINT = 'The official retail price in your local currency'

interface ItemFieldsProps {
  wording: keyof typeof WORDING
  /** Offer a choice of set or minifigure. */
  chooseType: boolean
  /** After the user picks another type (e.g. to clear what depends on it). */
  onTypeChange?: (type: ItemType) => void
  /** The symbol of the currency a set's retail price is typed in; without it, no retail price. */
  retailPriceSymbol?: string
}

/**
 * An item's facts (inside the form's FormProvider): type, name, number, theme with suggestions,
 * year and picture; pieces, minifigures and the retail price for sets only. The one set of item
 * fields of Add Item, Edit Item and Add to Collection's create step.
 */
export function ItemFields({ wording, chooseType, onTypeChange, retailPriceSymbol }: ItemFieldsProps) {
  const words = WORDING[wording]
  const type = useWatch({ name: 'type' }) as ItemType
  const isSet = type === 'set'
  const themeListId = useId()
  const themes = useThemeNames()
  const currentYear = currentYearUtc()

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {chooseType ? <TypeChoice legend={words.type} onChange={onTypeChange} /> : null}
      <TextField name="name" label="Name" autoComplete="off" maxLength={200} className="sm:col-span-2" />
      <TextField
        name="number"
        label={words.number(type)}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        placeholder={isSet ? 'e.g. 75192-1' : 'e.g. sw0001a'}
        inputClassName="font-mono"
      />
      <TextField
        name="theme"
        label="Theme"
        autoComplete="off"
        maxLength={100}
        list={themeListId}
        placeholder="e.g. Star Wars"
        after={
          <datalist id={themeListId}>
            {(themes.data ?? []).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        }
      />
      <NumberField
        name="year"
        label={words.year}
        optional
        inputMode="numeric"
        min={YEAR_MIN}
        max={currentYear}
        step={1}
        placeholder={words.yearPlaceholder ? String(currentYear) : undefined}
      />
      <TextField
        name="imageUrl"
        label="Image URL"
        optional
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={words.imagePlaceholder}
      />
      {isSet ? (
        <>
          <NumberField
            name="pieces"
            label={words.pieces}
            optional
            inputMode="numeric"
            min={PIECES_MIN}
            step={1}
          />
          <NumberField
            name="minifigures"
            label={words.minifigures}
            optional
            inputMode="numeric"
            min={MINIFIGURES_MIN}
            step={1}
          />
          {retailPriceSymbol ? (
            <NumberField
              name="originalMsrp"
              label="Retail Price (MSRP)"
              optional
              hint={MSRP_HINT}
              min={0}
              step={MSRP_STEP}
              prefix={retailPriceSymbol}
              className="sm:col-span-2"
            />
          ) : null}
        </>
      ) : null}
    </div>
  )
}

const TYPES = ITEM_TYPES.map((type) => ({ value: type, label: itemTypeLabel(type) }))

/** Set or minifigure, as a pair of radio buttons. */
function TypeChoice({ legend, onChange }: { legend: string; onChange?: (type: ItemType) => void }) {
  const { field } = useController({ name: 'type' })
  return (
    <fieldset className="sm:col-span-2">
      <legend className="font-medium text-fg text-sm">{legend}</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-1 rounded-xl bg-canvas p-1">
        {TYPES.map((type) => (
          <label
            key={type.value}
            className={cn(
              'relative flex items-center justify-center rounded-lg px-3 py-2 font-medium text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brick-yellow',
              field.value === type.value ? 'bg-raised text-fg shadow-sm' : 'text-muted hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={field.name}
              value={type.value}
              checked={field.value === type.value}
              onChange={() => {
                field.onChange(type.value)
                onChange?.(type.value)
              }}
              // Covers its label, invisible: the whole tile is the radio button.
              className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0"
            />
            {type.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

import { describe, expect, it } from 'vitest'
import { readBoolean, readInteger, readQuantity } from './number-cells.ts'

describe('number cells', () => {
  it('reads whole numbers with thousands separators', () => {
    expect(readInteger('1,752', 'QTY')).toBe(1752)
    expect(readInteger('1.000', 'MINQTY')).toBe(1000)
    expect(readInteger('1 000', 'Qty')).toBe(1000)
    expect(readInteger(' 7 ', 'Qty')).toBe(7)
    expect(readInteger('3.0', 'Qty')).toBe(3)
    expect(readInteger('', 'Qty')).toBeNull()
  })

  it('refuses what is not a whole number, naming the column', () => {
    for (const raw of ['1,5', '1.5', '-2', 'two', '1,75,2']) {
      expect(() => readInteger(raw, 'QTY'), raw).toThrow(`QTY "${raw}" is not a whole number`)
    }
  })

  it('bounds a quantity by the collection’s own limit, and defaults an empty one', () => {
    expect(readQuantity('', 'MINQTY', 1)).toBe(1)
    expect(readQuantity('10,000', 'QTY')).toBe(10_000)
    expect(() => readQuantity('10,001', 'QTY')).toThrow('QTY 10001 is more than 10000 copies')
  })

  it('reads yes and no the ways exports write them', () => {
    for (const raw of ['True', 'true', 't', 'Yes', 'Y', '1']) expect(readBoolean(raw, 'x'), raw).toBe(true)
    for (const raw of ['False', 'f', 'no', 'N', '0']) expect(readBoolean(raw, 'x'), raw).toBe(false)
    expect(readBoolean('', 'x')).toBeNull()
    expect(() => readBoolean('maybe', 'retired')).toThrow('retired "maybe" is not true or false')
  })
})

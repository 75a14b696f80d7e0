import { describe, expect, it } from 'vitest'
import {
  roundedTenths,
  similarity,
  trigramKey,
  trigramRatio,
  uniqueTrigrams,
  wordSimilarity,
} from './items.trigrams.ts'

/**
 * What PostgreSQL 15's pg_trgm answered for each pair: word_similarity(query, text), similarity(query, text),
 * and round(…::numeric, 1) of each. The search's fuzzy matches (ADR 003) must rank as they did in SQL.
 */
const PG_TRGM: [string, string, number, number, string, string][] = [
  ['millenium falcon', 'millennium falcon', 0.84210527, 0.84210527, '0.8', '0.8'],
  ['millenium falcon', 'ultimate collector series millennium falcon', 0.84210527, 0.36363637, '0.8', '0.4'],
  ['falcon', 'millennium falcon', 1, 0.3888889, '1.0', '0.4'],
  ['hogwart', 'hogwarts castle', 0.875, 0.4117647, '0.9', '0.4'],
  ['police sq', 'police station', 0.8, 0.47058824, '0.8', '0.5'],
  ['lamborgini', 'lamborghini sian fkp 37', 0.64285713, 0.34615386, '0.6', '0.3'],
  ['harry poter', 'harry potter hogwarts express', 0.78571427, 0.36666667, '0.8', '0.4'],
  ['x wing', 'x wing starfighter', 1, 0.36842105, '1.0', '0.4'],
  ['word', 'two words', 0.8, 0.36363637, '0.8', '0.4'],
  ['ab', 'abc', 0.6666667, 0.4, '0.7', '0.4'],
  ['a', 'b', 0, 0, '0.0', '0.0'],
  ['połacz', 'ninjago połacz kropki', 1, 0.3181818, '1.0', '0.3'],
  ['kanohi m', 'kanohi mask hau', 0.8888889, 0.47058824, '0.9', '0.5'],
]

const tenths = (rounded: string) => Math.round(Number(rounded) * 10)

describe('pg_trgm in JS', () => {
  it.each(PG_TRGM)(
    'word_similarity(%j, %j) and similarity as PostgreSQL',
    (query, text, word, plain, w, p) => {
      expect(wordSimilarity(query, text)).toBe(Math.fround(word))
      expect(similarity(query, text)).toBe(Math.fround(plain))
      expect(roundedTenths(wordSimilarity(query, text))).toBe(tenths(w))
      expect(roundedTenths(similarity(query, text))).toBe(tenths(p))
    },
  )

  it('pads each word with two spaces before and one after, and counts each trigram once', () => {
    expect(uniqueTrigrams('cat')).toEqual([
      trigramKey(32, 32, 99),
      trigramKey(32, 99, 97),
      trigramKey(99, 97, 116),
      trigramKey(97, 116, 32),
    ])
    expect(uniqueTrigrams('aa aa')).toHaveLength(3)
    expect(uniqueTrigrams('')).toEqual([])
  })

  it('rounds float4 similarities through numeric, half away from zero (select round((13::real/20)::numeric, 1))', () => {
    expect(roundedTenths(trigramRatio(13, 20, 13))).toBe(7)
    expect(roundedTenths(trigramRatio(7, 20, 7))).toBe(4)
    expect(roundedTenths(trigramRatio(1, 20, 1))).toBe(1)
    expect(roundedTenths(trigramRatio(9, 20, 9))).toBe(5)
  })
})

import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CURRENCY_CONTEXT_ERROR, useCurrency, usePrice } from './currency-provider.tsx'

describe('useCurrency', () => {
  it('throws outside a CurrencyProvider', () => {
    expect(CURRENCY_CONTEXT_ERROR).toBe('useCurrency must be used within a CurrencyProvider')
    const UsesCurrency = () => {
      useCurrency()
      return null
    }
    const UsesPrice = () => {
      usePrice()
      return null
    }
    expect(() => renderToString(createElement(UsesCurrency))).toThrow(CURRENCY_CONTEXT_ERROR)
    expect(() => renderToString(createElement(UsesPrice))).toThrow(CURRENCY_CONTEXT_ERROR)
  })
})

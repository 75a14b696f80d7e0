import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import {
  CURRENCIES,
  type Currency,
  type CurrencyCode,
  currencyOf,
  formatPrice,
  isCurrencyCode,
  type RatesPerUsd,
} from '#shared/money.ts'
import { apiRequest } from '../api.ts'
import { useSession } from '../auth/use-session.tsx'
import { useUpdateProfile } from '../auth/use-update-profile.ts'
import {
  type CachedRates,
  isFresh,
  type KeyValueStorage,
  RATES_FAILED_MESSAGE,
  ratesAfterFailure,
  readCachedRates,
  readStoredCurrency,
  sanitizeRates,
  storeCurrency,
  storeRates,
} from './rate-cache.ts'

export const CURRENCY_CONTEXT_ERROR = 'useCurrency must be used within a CurrencyProvider'

export interface CurrencyContextValue {
  currency: CurrencyCode
  currencyInfo: Currency
  currencies: typeof CURRENCIES
  rates: RatesPerUsd
  setCurrency: (currency: CurrencyCode) => void
  /** Formats a GBP decimal string from the API in the chosen currency (spec 01 §5). */
  formatAmount: (amountGbp: string | number | null | undefined) => string
}

const CurrencyContext = createContext<CurrencyContextValue | null>(null)

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

async function fetchRates(): Promise<RatesPerUsd> {
  const answer = await apiRequest<{ rates?: unknown }>('GET', '/api/fx/rates')
  const rates = sanitizeRates(answer?.rates)
  if (!rates) throw new Error('The exchange-rate answer is incomplete')
  return rates
}

/**
 * The display currency (spec 01 §4). It starts from the stored choice, else USD, and follows the
 * signed-in user's saved preference. Rates live in localStorage for an hour; stale or missing rates
 * are fetched at load and when the currency changes; on failure the cached (else built-in) rates apply.
 */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  const { status, user } = useSession()
  const storage = browserStorage()
  const [currency, setCurrencyState] = useState<CurrencyCode>(() => readStoredCurrency(storage))
  const cachedRef = useRef<CachedRates | undefined>(undefined)
  const [rates, setRates] = useState<RatesPerUsd>(() => {
    cachedRef.current = readCachedRates(storage)
    return ratesAfterFailure(cachedRef.current)
  })
  const loadingRef = useRef(false)

  // Signed-in users without beta access are refused by the API, so nothing is asked for them.
  const canCallApi = status === 'signed-out' || status === 'ready'

  const ensureRates = useCallback(() => {
    if (loadingRef.current || isFresh(cachedRef.current, Date.now())) return
    loadingRef.current = true
    fetchRates()
      .then((fetched) => {
        cachedRef.current = storeRates(browserStorage(), fetched, Date.now())
        setRates(fetched)
      })
      .catch((error: unknown) => {
        console.error(RATES_FAILED_MESSAGE, error)
        setRates(ratesAfterFailure(cachedRef.current))
      })
      .finally(() => {
        loadingRef.current = false
      })
  }, [])

  // At load (once the API may be called): refetch stale or missing rates.
  useEffect(() => {
    if (canCallApi) ensureRates()
  }, [canCallApi, ensureRates])

  // Follow the saved preference when it changes on the server (sign-in, another device), but not
  // while our own newer choice is still on its way there.
  const lastSeenPreference = useRef<string | undefined>(undefined)
  const unsavedChoice = useRef<CurrencyCode | undefined>(undefined)
  const preference = user?.currencyPreference
  useEffect(() => {
    if (!preference || !isCurrencyCode(preference)) {
      lastSeenPreference.current = undefined
      return
    }
    if (preference === lastSeenPreference.current) return
    lastSeenPreference.current = preference
    if (unsavedChoice.current) {
      if (unsavedChoice.current === preference) unsavedChoice.current = undefined
      return
    }
    setCurrencyState((current) => {
      if (current !== preference) storeCurrency(browserStorage(), preference)
      return preference
    })
  }, [preference])

  const signedInWithAccess = status === 'ready'
  // Saving the choice is best effort: a failure is logged only (spec 01 §8).
  const { mutate: saveChoice } = useUpdateProfile({ bestEffort: true })
  const setCurrency = useCallback(
    (next: CurrencyCode) => {
      setCurrencyState(next)
      storeCurrency(browserStorage(), next)
      if (canCallApi) ensureRates()
      if (!signedInWithAccess) return
      unsavedChoice.current = next === lastSeenPreference.current ? undefined : next
      saveChoice(
        { currencyPreference: next },
        {
          onError: (error) => {
            console.error('Failed to save the currency preference', error)
            if (unsavedChoice.current === next) unsavedChoice.current = undefined
          },
        },
      )
    },
    [canCallApi, ensureRates, signedInWithAccess, saveChoice],
  )

  const formatAmount = useCallback(
    (amountGbp: string | number | null | undefined) => formatPrice(amountGbp, currency, rates),
    [currency, rates],
  )

  const value = useMemo<CurrencyContextValue>(
    () => ({
      currency,
      currencyInfo: currencyOf(currency),
      currencies: CURRENCIES,
      rates,
      setCurrency,
      formatAmount,
    }),
    [currency, rates, setCurrency, formatAmount],
  )
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>
}

export function useCurrency(): CurrencyContextValue {
  const context = useContext(CurrencyContext)
  if (!context) throw new Error(CURRENCY_CONTEXT_ERROR)
  return context
}

/** The price formatter for the chosen currency: `const formatAmount = usePrice()`. */
export function usePrice(): CurrencyContextValue['formatAmount'] {
  return useCurrency().formatAmount
}

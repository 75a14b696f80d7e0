/**
 * The contract's enumerations, as plain `as const` arrays: the schemas build `z.enum(…)` from them and
 * the web imports the same arrays, so there is one list of each. No zod here, so a screen can know the
 * values without loading the schemas.
 */

export const ITEM_TYPES = ['set', 'minifig'] as const
export type ItemType = (typeof ITEM_TYPES)[number]

/** A condition's grade: fair prices and price history are kept per grade. */
export const GRADES = ['new', 'used'] as const
export type Grade = (typeof GRADES)[number]

export const CONFIDENCES = ['HIGH', 'MEDIUM', 'LOW'] as const
export type Confidence = (typeof CONFIDENCES)[number]

/** Which sales a fair price stands on. */
export const PRICE_BASES = ['90d', '365d', 'all', 'marketplace', 'none'] as const
export type PriceBasis = (typeof PRICE_BASES)[number]

export const SALE_STATUSES = ['pending', 'verified', 'rejected'] as const
export type SaleStatus = (typeof SALE_STATUSES)[number]

export const SALE_SOURCES = [
  'eBay',
  'BrickLink',
  'Brickset',
  'Facebook Marketplace',
  'Vinted',
  'Auction house',
  'Local sale',
  'Other',
] as const
export type SaleSource = (typeof SALE_SOURCES)[number]

/** The item page's price-history ranges, in button order. */
export const PRICE_RANGES = ['30d', '90d', '1y', 'all'] as const
export type PriceRange = (typeof PRICE_RANGES)[number]
export const DEFAULT_PRICE_RANGE: PriceRange = '90d'

/** The analytics page's ranges, in button order. */
export const PORTFOLIO_RANGES = ['90d', '1y', 'all'] as const
export type PortfolioRange = (typeof PORTFOLIO_RANGES)[number]
export const DEFAULT_PORTFOLIO_RANGE: PortfolioRange = '1y'

export const COLLECTION_SORTS = [
  'added',
  'name',
  'condition',
  'quantity',
  'cost',
  'value',
  'pnl',
  'change',
] as const
export type CollectionSort = (typeof COLLECTION_SORTS)[number]

export const COLLECTION_FILTERS = ['all', 'sets', 'minifigs', 'gainers', 'decliners'] as const
export type CollectionFilter = (typeof COLLECTION_FILTERS)[number]

export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]

/** The display currencies, in the currency menu's order (names and symbols: shared/money.ts). */
export const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'SEK', 'NOK', 'DKK'] as const
export type CurrencyCode = (typeof CURRENCY_CODES)[number]

/** The self-chosen profile types (spec 01 §1; their words: shared/profile-types.ts). */
export const PROFILE_TYPE_IDS = ['collector', 'investor', 'shop'] as const
export type ProfileType = (typeof PROFILE_TYPE_IDS)[number]

export const USER_ROLES = ['user', 'admin'] as const
export type UserRole = (typeof USER_ROLES)[number]

/** Where exchange rates came from: the rates service, or the built-in ones. */
export const FX_SOURCES = ['live', 'fallback'] as const

/** Whether a value is one of an enumeration's, narrowing its type (e.g. a URL parameter). */
export function isOneOf<const Values extends readonly string[]>(
  values: Values,
  value: unknown,
): value is Values[number] {
  return typeof value === 'string' && values.includes(value)
}

/** The regions whose official retail prices are kept (LEGO.com's list price there). */
export const RETAIL_REGIONS = ['US', 'UK', 'CA', 'DE'] as const
export type RetailRegion = (typeof RETAIL_REGIONS)[number]

/** The import screen's source selector (spec 02 §2), in its order; the file's format is detected apart. */
export const IMPORT_SOURCES = ['bricklink', 'brickset', 'rebrickable', 'csv', 'json'] as const
export type ImportSource = (typeof IMPORT_SOURCES)[number]

/** Where imported rows go: the shared catalogue (admins, trusted members) or the user's own lists. */
export const IMPORT_TARGETS = ['catalogue', 'collection', 'wanted'] as const
export type ImportTarget = (typeof IMPORT_TARGETS)[number]

/** A preview writes nothing and says what would happen; a commit writes. */
export const IMPORT_MODES = ['preview', 'commit'] as const
export type ImportMode = (typeof IMPORT_MODES)[number]

/**
 * The file formats an import recognises by their header row or root element (shared/import-formats.ts
 * describes each): catalogue data, and the collection and wanted-list exports of the tools collectors use.
 */
export const IMPORT_FORMATS = [
  'catalogue-csv',
  'catalogue-json',
  'rebrickable-downloads',
  'brickset-sets',
  'brickset-collection',
  'bricklink-wanted',
  'bricklink-inventory',
  'brickeconomy-collection',
  'brickeconomy-owned',
  'rebrickable-setlist',
  'brickowl-orders',
] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** How a file writes day and month when it writes neither first unambiguously: 03/07/2025. */
export const DATE_ORDERS = ['dmy', 'mdy'] as const
export type DateOrder = (typeof DATE_ORDERS)[number]

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number]

/**
 * Why a row was not imported as it stands: its number is in no item (`unknown`), in several (`ambiguous`,
 * with the candidates), the row is wrong (`rejected`, with the reason), or it is not something we track or
 * hold (`skipped`: a part, a row with nothing owned).
 */
export const IMPORT_ISSUE_STATUSES = ['unknown', 'ambiguous', 'rejected', 'skipped'] as const
export type ImportIssueStatus = (typeof IMPORT_ISSUE_STATUSES)[number]

/** The sales a moderator reviews: those waiting, and those rejected. */
export const SALE_REVIEW_STATUSES = ['pending', 'rejected'] as const
export type SaleReviewStatus = (typeof SALE_REVIEW_STATUSES)[number]

/** A request to add an item to the catalogue: waiting, or decided one way or the other. */
export const ITEM_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ItemRequestStatus = (typeof ITEM_REQUEST_STATUSES)[number]

/** The longest reason a moderator may give for refusing a sale or an item request. */
export const REASON_MAX_LENGTH = 500

/** A price alert fires when the fair price goes below or above its threshold (spec 02 §4). */
export const ALERT_DIRECTIONS = ['below', 'above'] as const
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number]

/** The notification centre's views: every notification, or only those not read yet. */
export const NOTIFICATION_VIEWS = ['all', 'unread'] as const
export type NotificationView = (typeof NOTIFICATION_VIEWS)[number]

/** How price alerts reach a user by e-mail: each at once, a daily digest, or none (the choice on the profile). */
export const ALERT_EMAIL_CHOICES = ['immediate', 'hourly', 'daily', 'off'] as const
export type AlertEmailChoice = (typeof ALERT_EMAIL_CHOICES)[number]
/** At most this many alerts per user (issue 13). */
export const MAX_ALERTS_PER_USER = 500
/** An alert can be paused until a time (a snooze) at most this many days ahead. */
export const MAX_ALERT_PAUSE_DAYS = 365

/** The Server-Sent Event name of a new notification on GET /api/me/events (contract/alerts.ts). */
export const NOTIFICATION_EVENT = 'notification'
/**
 * The Server-Sent Event name, on the same stream, of new prices for items the user has alerts on: its data is
 * `{ "itemIds": [...] }`, it has no id, and it comes at most every few seconds (contract/alerts.ts).
 */
export const PRICES_EVENT = 'prices'
/**
 * The Server-Sent Event name, on the same stream, of a change to the user's alerts made elsewhere (another tab
 * or device, or a paused alert resumed at its time): its data is `{}`, it has no id; the watchlist reads again.
 */
export const ALERTS_EVENT = 'alerts'

/** What an entry's fields allow and say (spec 01 §5), apart from the form rules so a screen can show them cheaply. */
export const QUANTITY_MIN = 1
export const COST_HINT = 'What you paid for this item (optional, for P&L tracking)'

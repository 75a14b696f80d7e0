/** The add dialog's search (spec 01 §5, §9): from 1 character, 300 ms after the last keystroke. */
export const ADD_SEARCH_MIN_LENGTH = 1
export const ADD_SEARCH_DEBOUNCE_MS = 300

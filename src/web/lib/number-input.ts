/**
 * What a form keeps for a number input whose text the browser cannot read as a number (its
 * `validity.badInput`): the input's value is '' then, the same as an empty box, so the form holds this
 * instead for the schema to refuse. No number input can ever hold this text itself.
 */
export const NOT_A_NUMBER = 'NaN'
/** The spec's message for text in a number field (spec 01 §5). */
export const NOT_A_NUMBER_MESSAGE = 'Expected number, received string'

/** The search box's keyboard: which result the arrow keys highlight (spec 01 §9). */

/**
 * The highlighted row after an arrow key: none (-1) to start; Down from none goes to the first row,
 * Up from none to the last; moves wrap around at both ends.
 */
export function moveHighlight(current: number, direction: 1 | -1, count: number): number {
  if (count <= 0) return -1
  if (current < 0 || current >= count) return direction === 1 ? 0 : count - 1
  return (current + direction + count) % count
}

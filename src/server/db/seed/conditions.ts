/** Conditions per category; `grade` says which fair price (new or used) they feed (DESIGN §3). */
export const seedConditions = [
  {
    category: 'set',
    label: 'New/Sealed',
    description: 'Factory-sealed box, never opened',
    score: 100,
    grade: 'new',
  },
  {
    category: 'set',
    label: 'New/Open box',
    description: 'Box opened, inner bags still sealed',
    score: 90,
    grade: 'new',
  },
  {
    category: 'set',
    label: 'Used/Complete',
    description: 'Built before; all pieces, minifigures and instructions present',
    score: 70,
    grade: 'used',
  },
  {
    category: 'set',
    label: 'Used/Incomplete',
    description: 'Built before; some pieces, minifigures or instructions missing',
    score: 40,
    grade: 'used',
  },
  {
    category: 'minifig',
    label: 'New',
    description: 'Unused, from a sealed set or polybag',
    score: 100,
    grade: 'new',
  },
  {
    category: 'minifig',
    label: 'Used',
    description: 'Played with or displayed; may show wear',
    score: 60,
    grade: 'used',
  },
] as const

/**
 * The profile pages' grids as plain CSS grid, laid out as MUI Grid laid them out (issue 7's JS
 * budget: no Grid code before the first render).
 */

/** Card column and stats/reviews column: one column, from md 5/12 and 7/12 with 24px between. */
export const PROFILE_COLUMNS_SX = {
  display: 'grid',
  gap: 3,
  // 5/12 of the width less its share of the gap, as Grid's `size={{ md: 5 }}` with spacing 3.
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'calc(100% * 5 / 12 - 14px) minmax(0, 1fr)' },
} as const;

/** The four stat tiles: two a row, four from sm, two again in the narrower md column. */
export const STATS_GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(4, minmax(0, 1fr))',
    md: 'repeat(2, minmax(0, 1fr))',
  },
} as const;

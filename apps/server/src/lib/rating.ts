/** Mean rating with two decimals, 0 when there are no reviews (spec section 9). */
export const averageRating = (sum: number, count: number) =>
  count === 0 ? 0 : Math.round((sum / count) * 100 + Number.EPSILON) / 100;

/** 'Precio promedio' (spec sections 2 and 9): the mean price rounded to an integer, 0 when none. */
export const averagePrice = (prices: readonly number[]): number =>
  prices.length === 0
    ? 0
    : Math.round(prices.reduce((sum, price) => sum + price, 0) / prices.length);

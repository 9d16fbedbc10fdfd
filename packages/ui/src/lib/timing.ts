/** Search debounce of spec section 9: 500 ms on admin and dashboard lists. */
export const SEARCH_DEBOUNCE_MS = 500;
/** The public home page searches sooner (spec section 9). */
export const PUBLIC_SEARCH_DEBOUNCE_MS = 300;

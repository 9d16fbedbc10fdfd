import { describe, expect, it } from 'vitest';
import { countFromLastPage } from './hierarchy.js';

describe('countFromLastPage', () => {
  it.each([
    // rows on the page, limit, offset, what the page tells
    [0, 10, 0, 0], // an empty list
    [7, 10, 0, 7], // everything fits on page 1
    [3, 10, 20, 23], // the short last page
    [10, 10, 0, null], // a full page: more may follow
    [10, 10, 90, null],
    [0, 10, 30, null], // past the end: the page says nothing about the rows before it
  ])('%i rows, limit %i, offset %i: %s', (rows, limit, offset, expected) => {
    expect(countFromLastPage(rows, limit, offset)).toBe(expected);
  });
});

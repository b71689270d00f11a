import { describe, expect, it } from 'vitest';
import { withParams } from './url-state';

describe('withParams', () => {
  it('sets, repeats and removes keys without touching the others', () => {
    const next = withParams(new URLSearchParams('q=web&offset=50&tag=a'), {
      offset: null,
      tag: ['b', 'c'],
      view: 'L2Physical',
      q: '',
    });
    expect(next.toString()).toBe('tag=b&tag=c&view=L2Physical');
  });
});

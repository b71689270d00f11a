import { POSITION_LIMITS, positionsProblem } from './positions';

describe('positionsProblem', () => {
  it('accepts an empty map and finite coordinates', () => {
    expect(positionsProblem({})).toBeNull();
    expect(positionsProblem({ a: { x: 0, y: -1.5 }, 'group:subnet:1': { x: 1e6, y: 2 } })).toBeNull();
  });

  it.each([
    ['not an object', [], 'must be an object'],
    ['null', null, 'must be an object'],
    ['a string coordinate', { a: { x: 'Infinity', y: 1 } }, '["a"].x must be a finite number'],
    ['Infinity', { a: { x: 1, y: Infinity } }, '["a"].y must be a finite number'],
    ['NaN', { a: { x: NaN, y: 1 } }, '["a"].x must be a finite number'],
    ['a missing coordinate', { a: { x: 1 } }, '["a"].y must be a finite number'],
    ['an unknown field', { a: { x: 1, y: 1, z: 1 } }, 'unknown fields: z'],
    ['an empty node id', { '': { x: 1, y: 1 } }, 'node ids must be 1 to 255'],
    ['a long node id', { ['n'.repeat(256)]: { x: 1, y: 1 } }, 'node ids must be 1 to 255'],
    ['a position that is not an object', { a: 3 }, '["a"] must be an object {x, y}'],
  ])('refuses %s', (_name, value, message) => {
    expect(positionsProblem(value)).toContain(message);
  });

  it('refuses more than 10,000 entries', () => {
    const many = Object.fromEntries(
      Array.from({ length: POSITION_LIMITS.entries + 1 }, (_, i) => [`n${i}`, { x: i, y: i }]),
    );
    expect(positionsProblem(many)).toContain('at most 10000 entries');
    delete many.n0;
    expect(positionsProblem(many)).toBeNull();
  });
});

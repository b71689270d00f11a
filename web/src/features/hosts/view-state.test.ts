import { describe, expect, it } from 'vitest';
import { withParams } from '../../lib/url-state';
import { ariaSort, nextSort, readHostsView, toHostQuery } from './view-state';

const NET = '11111111-1111-4111-8111-111111111111';
const TAG_A = '22222222-2222-4222-8222-222222222222';
const TAG_B = '33333333-3333-4333-8333-333333333333';
const HOST = '44444444-4444-4444-8444-444444444444';

const view = (search: string) => readHostsView(new URLSearchParams(search));

describe('hosts screen <-> URL <-> API query', () => {
  it('an empty URL is the first page of 50, newest API order, live', () => {
    expect(view('')).toEqual({
      search: '',
      networkId: null,
      tagIds: [],
      deviceTypes: [],
      stale: null,
      groupBy: null,
      sort: null,
      direction: 'asc',
      pageSize: 50,
      page: 1,
      expanded: [],
      at: null,
    });
    expect(toHostQuery(view(''))).toEqual({ limit: 50, offset: 0 });
  });

  it('maps every parameter to the API query', () => {
    const url =
      `q=+web+&network=${NET}&tag=${TAG_A}&tag=${TAG_B}&type=Switch&type=Router&stale=stale&group=network_id&sort=name&dir=desc` +
      `&size=25&page=3&open=${HOST}&at=2026-11-01T10:00:00Z`;
    const v = view(url);
    expect(v).toMatchObject({ search: ' web ', tagIds: [TAG_A, TAG_B], expanded: [HOST], page: 3, pageSize: 25 });
    expect(toHostQuery(v)).toEqual({
      limit: 25,
      offset: 50,
      search: 'web',
      network_id: NET,
      tag_ids: [TAG_A, TAG_B],
      device_type: ['Switch', 'Router'],
      stale: true,
      group_by: 'network_id',
      order_by: 'name',
      order_direction: 'desc',
      at: '2026-11-01T10:00:00.000Z',
    });
    expect(toHostQuery(view('stale=fresh')).stale).toBe(false);
  });

  it('ignores what it does not understand instead of sending it to the API', () => {
    const v = view(
      'network=nope&tag=x&type=Toaster&group=colour&sort=1;drop&dir=sideways&size=7&page=-2&open=abc&at=yesterday',
    );
    expect(toHostQuery(v)).toEqual({ limit: 50, offset: 0 });
    expect(toHostQuery(view('q=%20%20'))).toEqual({ limit: 50, offset: 0 });
  });

  it('a repeated tag is sent once', () => {
    expect(view(`tag=${TAG_A}&tag=${TAG_A}`).tagIds).toEqual([TAG_A]);
  });

  it('clicking a header sorts ascending, then descending, then ascending again', () => {
    let params = new URLSearchParams();
    const click = (field: 'name' | 'hostname') => {
      params = withParams(params, nextSort(readHostsView(params), field));
      return params.toString();
    };
    expect(click('name')).toBe('sort=name');
    expect(ariaSort(readHostsView(params), 'name')).toBe('ascending');
    expect(ariaSort(readHostsView(params), 'hostname')).toBe('none');
    expect(click('name')).toBe('sort=name&dir=desc');
    expect(ariaSort(readHostsView(params), 'name')).toBe('descending');
    expect(click('name')).toBe('sort=name');
    click('name');
    expect(click('hostname')).toBe('sort=hostname');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultFieldTypes } from '../fieldTypes/registry';
import { memoryStore } from '../http/testkit';
import { SEARCH_MSG } from '../metadata/messages';
import { parseSearchFields, validSearchFields } from '../metadata/parseSearchFields';
import { STORAGE_KEYS } from '../session/storageKeys';
import {
  fromRequestParams,
  fromUrlParams,
  hasErrors,
  initialQuery,
  paramsOfUrlSearch,
  readStoredPageSize,
  storePageSize,
  toRequestParams,
  toUrlParams,
  urlSearchOf,
  validateSearch,
  withPage,
  withSearch,
  withSize,
  withSort,
} from './listQuery';
import type { ListQuery } from './types';

const registry = defaultFieldTypes();

const fields = validSearchFields(
  parseSearchFields(
    [
      { innerid: '1', prop: 'subjid', fieldname: 'No.', fieldtype: 'string', value: 'BJ01' },
      { innerid: '2', prop: 'age', fieldname: 'Age', fieldtype: 'num' },
      { innerid: '3', prop: 'birthdate', fieldname: 'Born', fieldtype: 'date' },
      {
        innerid: '4',
        prop: 'enrolldate',
        fieldname: 'Enrolled',
        fieldtype: 'date',
        endValue: { type: 'range', value: '2026-06-30' },
      },
      { innerid: '5', prop: 'sex', fieldname: 'Sex', fieldtype: 'select', codelisttype: 'SEX' },
      { innerid: '6', prop: 'status', fieldname: 'Status', fieldtype: 'mselect', codelisttype: 'SUBJSTATUS' },
    ],
    registry,
  ),
);

const full: ListQuery = {
  search: {
    subjid: 'BJ01-00',
    age: '42.5',
    birthdate: '1980-05-17',
    enrolldate: { start: '2026-01-01', end: '2026-03-31' },
    sex: 'F',
    status: ['1', '2'],
  },
  page: 3,
  size: 50,
  sort: { orderByField: 'visit', asc: false, sorttid: 'T1', innerid: 'I2' },
};

describe('initialQuery', () => {
  it('starts from the initial values, page 1, no sort', () => {
    expect(fields).toHaveLength(6);
    expect(initialQuery(fields, registry, 100)).toEqual({
      search: { subjid: 'BJ01', enrolldate: { start: null, end: '2026-06-30' } },
      page: 1,
      size: 100,
      sort: null,
    });
  });
});

describe('request params', () => {
  it('flattens paging, sort and every field type', () => {
    expect(toRequestParams(full, fields, registry)).toEqual({
      page: 3,
      size: 50,
      orderByField: 'visit',
      asc: false,
      sorttid: 'T1',
      innerid: 'I2',
      subjid: 'BJ01-00',
      age: '42.5',
      birthdate: '1980-05-17',
      enrolldateStart: '2026-01-01',
      enrolldateEnd: '2026-03-31',
      sex: 'F',
      status: ['1', '2'],
    });
  });

  it('leaves out empty values and props of no field', () => {
    const q: ListQuery = {
      search: { subjid: '  ', status: [], enrolldate: { start: null, end: null }, ghost: 'x' },
      page: 1,
      size: 20,
      sort: null,
    };
    expect(toRequestParams(q, fields, registry)).toEqual({ page: 1, size: 20 });
  });

  it('round-trips through request params (a JSON body) with every field type, sort, page and size', () => {
    expect(fromRequestParams(toRequestParams(full, fields, registry), fields, registry, 20)).toEqual(full);
    const ascending: ListQuery = {
      search: {},
      page: 1,
      size: 100,
      sort: { orderByField: 'subjid', asc: true },
    };
    expect(fromRequestParams(toRequestParams(ascending, fields, registry), fields, registry, 20)).toEqual(
      ascending,
    );
  });

  it('round-trips through a URL query string', () => {
    const url = urlSearchOf(toUrlParams(full, fields, registry));
    expect(url).toContain('status=1&status=2');
    expect(fromUrlParams(paramsOfUrlSearch(`?${url}`), fields, registry, 20)).toEqual(full);
  });

  it('reads URL strings kindly: page and size as text, asc as text or boolean', () => {
    const q = fromRequestParams(
      { page: '2', size: '100', orderByField: 'age', asc: 'false' },
      fields,
      registry,
      20,
    );
    expect(q).toEqual({ search: {}, page: 2, size: 100, sort: { orderByField: 'age', asc: false } });
    expect(fromRequestParams({ orderByField: 'age', asc: 'true' }, fields, registry, 20).sort?.asc).toBe(
      true,
    );
    expect(fromRequestParams({ orderByField: 'age', asc: true }, fields, registry, 20).sort?.asc).toBe(true);
    expect(fromRequestParams({ orderByField: 'age', asc: false }, fields, registry, 20).sort?.asc).toBe(
      false,
    );
    expect(fromRequestParams({ orderByField: 'age' }, fields, registry, 20).sort?.asc).toBe(true);
  });

  it('falls back on junk: page < 1 or not a number → 1, unknown size → fallback, malformed values dropped', () => {
    for (const page of ['0', '-3', 'abc', '2.5', '', undefined]) {
      expect(fromRequestParams({ page }, fields, registry, 50).page).toBe(1);
    }
    for (const size of ['30', 'x', '0', undefined]) {
      expect(fromRequestParams({ size }, fields, registry, 50).size).toBe(50);
    }
    const q = fromRequestParams(
      {
        age: '4x',
        birthdate: '1980-13-01',
        enrolldateStart: 'soon',
        enrolldateEnd: '2026-02-01',
        sex: ['M', 'F'],
      },
      fields,
      registry,
      20,
    );
    expect(q.search).toEqual({ enrolldate: { start: null, end: '2026-02-01' }, sex: 'M' });
  });
});

describe('query changes', () => {
  const q = { ...full, page: 7 };

  it('a new search, size or sort goes back to page 1', () => {
    const searched = withSearch(q, { subjid: 'SH', age: '', status: [] });
    expect(searched).toMatchObject({ page: 1, search: { subjid: 'SH' } });
    expect(Object.keys(searched.search)).toEqual(['subjid']);
    expect(withSize(q, 100)).toMatchObject({ page: 1, size: 100 });
    expect(withSort(q, null)).toMatchObject({ page: 1, sort: null });
  });

  it('withPage changes only the page (at least 1)', () => {
    expect(withPage(q, 9)).toEqual({ ...q, page: 9 });
    expect(withPage(q, 0).page).toBe(1);
    expect(withPage(q, Number.NaN).page).toBe(1);
  });
});

describe('validateSearch', () => {
  it('names the problems by prop; warnings do not block', () => {
    const problems = validateSearch(
      fields,
      { subjid: 'x'.repeat(100), age: '1.2.3', enrolldate: { start: '2026-02-01', end: '2026-01-01' } },
      registry,
    );
    expect(problems).toEqual({
      subjid: [{ level: 'warning', messageId: SEARCH_MSG.maxLengthReached, values: { max: 100 } }],
      age: [{ level: 'error', messageId: SEARCH_MSG.numberOnly }],
      enrolldate: [{ level: 'error', messageId: SEARCH_MSG.rangeOrder }],
    });
    expect(hasErrors(problems)).toBe(true);
    expect(hasErrors({ subjid: problems.subjid ?? [] })).toBe(false);
    expect(validateSearch(fields, full.search, registry)).toEqual({});
  });
});

describe('stored page size', () => {
  it('reads the stored size, DEFAULT_PAGE_SIZE when missing or invalid', () => {
    expect(readStoredPageSize(memoryStore())).toBe(20);
    expect(readStoredPageSize(memoryStore({ [STORAGE_KEYS.pageSize]: '35' }))).toBe(20);
    expect(readStoredPageSize(memoryStore({ [STORAGE_KEYS.pageSize]: 'big' }))).toBe(20);
    const store = memoryStore();
    storePageSize(store, 50);
    expect(store.data.get(STORAGE_KEYS.pageSize)).toBe('50');
    expect(readStoredPageSize(store)).toBe(50);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(readStoredPageSize(broken)).toBe(20);
    expect(() => storePageSize(broken, 100)).not.toThrow();
  });
});

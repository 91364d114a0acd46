/**
 * The list engine of one app (decorated as `app.lists` by the lists plugin): a declared list gets its rows route —
 * the contract endpoint, with the page's role check, search values read and checked by the engine's rules, sort
 * keys checked against the stored column set and one page from the pager — and its entry for the shared definition
 * endpoints (selectSearchFields.do, selectColumns.do, unCHSearch.do), found by `listKey`.
 */
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../../engine/api/localized';
import type { AppContext } from '../../../core/context';
import { fail, ok } from '../../../core/http/envelope';
import { paramError, roleEndpoint } from '../../../core/http/route';
import { message } from '../../../core/messages';
import { declarationProblems, type ListDeclaration } from './declaration';
import {
  SERVER_FIELD_TYPES,
  createListMetadataStore,
  type ListMetadata,
  type ListMetadataStore,
} from './metadata';
import { createListPager, type ListPager } from './pager';
import { listStateOf, listStateRead } from './sql';
import { readSearch } from './readSearch';

/** The dynamic code list: the sites of the role's scope (codevalue siteid, codedesp `sitecode sitename`). */
export const SITE_CODE_LIST = 'SITE';

export interface RegisteredList {
  declaration: ListDeclaration<object>;
  pager: ListPager<object>;
}

export interface ListRegistry {
  /** Declares a list: registers its rows route. Call while the app is being built (before it is ready). */
  register<Row extends object>(declaration: ListDeclaration<Row>): void;
  /** The list of a `listKey`, when one is declared. */
  get(listKey: string): RegisteredList | undefined;
  /** The study's stored metadata of a list, parsed (cached per definition version). */
  readonly metadata: ListMetadataStore;
}

/** The order a request asks for: a sortable column of the stored column set (else 400), or the default. */
export function sortOf(
  list: ListDeclaration<object>,
  meta: ListMetadata,
  orderByField: string | undefined,
  asc: boolean | undefined,
  locale: Locale,
) {
  const prop = orderByField ?? list.defaultSort.prop;
  if (orderByField !== undefined && !meta.sortable.has(orderByField)) {
    throw paramError(locale, [`orderByField: ${orderByField} is not a sortable column`]);
  }
  const key = Object.hasOwn(list.sortKeys, prop) ? list.sortKeys[prop] : undefined;
  if (!key) throw new Error(`sortable column ${prop} of ${list.key} has no SQL sort key`);
  return { prop, key, asc: orderByField === undefined ? list.defaultSort.asc : asc !== false };
}

export function createListRegistry(app: FastifyInstance, ctx: AppContext): ListRegistry {
  const lists = new Map<string, RegisteredList>();
  const metadata = createListMetadataStore(ctx.db, (listKey, issues) =>
    app.log.warn({ event: 'list.metadataIssues', listKey, issues }, 'stored list definitions have issues'),
  );

  return {
    metadata,
    get: (listKey) => lists.get(listKey),
    register(declaration) {
      const list = declaration as unknown as ListDeclaration<object>;
      if (lists.has(list.key)) throw new Error(`list ${list.key} is declared twice`);
      const problems = declarationProblems(list);
      if (problems.length > 0)
        throw new Error(`list ${list.key} is declared wrongly: ${problems.join('; ')}`);
      const pager = createListPager(ctx.db, list);
      lists.set(list.key, { declaration: list, pager });
      roleEndpoint(app, ctx, list.endpoint, {
        page: list.page,
        serverTiming: true,
        // the data version and the definitions' versions in the session statement (the definitions themselves only
        // when they moved); the scope is the site whose role the same statement found held
        sessionRead: listStateRead(list),
        handler: async ({ params, open, session, locale, timing, sessionRead }) => {
          const state = listStateOf(list, session, sessionRead);
          timing.mark('scope');
          const meta = await metadata.get(session.studyId, list.key, state.definitions);
          timing.mark('definitions');
          if (!meta) return fail(message('listNotConfigured', locale));
          const reading = readSearch(open, meta.fields, SERVER_FIELD_TYPES);
          if (!reading.ok) throw paramError(locale, reading.errors);
          const page = await pager.page({
            scope: session,
            state,
            fields: meta.fields,
            search: reading.search,
            sort: sortOf(list, meta, params.orderByField, params.asc, locale),
            page: params.page,
            size: params.size,
            mark: timing.mark,
          });
          return ok(page);
        },
      });
    },
  };
}

/**
 * The list screens' seed: search-field definitions, column sets and code lists from fixtures/lists/*.def.json
 * (the wire format of docs/list-metadata.md). Checked when loaded: the definitions must parse without issues with
 * the engine's parsers, every search prop and sortable column must have its SQL binding, and every code list the
 * definitions name must exist.
 */
import { readFile } from 'node:fs/promises';
import * as cs from '../../engine/schema';
import { SUBJECT_LIST_KEY } from '../../engine/api/subjects';
import { localizedTextSchema } from '../../engine/api/localized';
import { columnLeaves, parseColumns } from '../../engine/metadata/parseColumns';
import type { Db } from '../core/db/db';
import { parseListMetadata, SERVER_FIELD_TYPES } from '../domains/lists/engine/metadata';
import { bindingProblems, type ListDeclaration } from '../domains/lists/engine/declaration';
import { SITE_CODE_LIST } from '../domains/lists/engine/registry';
import { subjectListDeclaration } from '../domains/subjects/list';
import { queryListDeclaration } from '../domains/queries/list';
import { QUERY_LIST_KEY } from '../../engine/api/queries';
import { INVALID_LIST_KEY } from '../../engine/api/invalidRecords';
import { invalidListDeclaration } from '../domains/visits/invalidList';
import { CODING_LIST_KEY } from '../../engine/api/medCoding';
import { codingListDeclaration } from '../domains/medCoding/list';
import { FREEZE_LIST_KEY } from '../../engine/api/freeze';
import { freezeListDeclaration } from '../domains/freeze/list';
import { putCodeListItem } from '../domains/lists/codeLists';
import { putListDefinition } from '../domains/lists/repository';

export const LISTS_SEED_DIR = new URL('../../fixtures/lists/', import.meta.url);
/** The seed files (captured responses live in the same folder without `.def`). */
export const LIST_SEED_FILES = [
  'subjectSearchFields.def.json',
  'subjectColumns.def.json',
  'querySearchFields.def.json',
  'queryColumns.def.json',
  'invalidSearchFields.def.json',
  'invalidColumns.def.json',
  'codingSearchFields.def.json',
  'codingColumns.def.json',
  'freezeSearchFields.def.json',
  'freezeColumns.def.json',
  'codeLists.def.json',
] as const;

const codeListsSchema = cs.lazy((value: unknown) =>
  cs
    .object(
      Object.fromEntries(
        Object.keys(value && typeof value === 'object' ? value : {}).map((key) => [
          key,
          cs
            .array(
              cs.object({
                codevalue: cs.string().strict().required(),
                codedesp: localizedTextSchema.required(),
              }),
            )
            .required()
            .min(1),
        ]),
      ),
    )
    .required(),
);

export type CodeListsSeed = Record<string, { codevalue: string; codedesp: { zh_CN: string; en: string } }[]>;

export interface ListSeed {
  key: string;
  searchFields: unknown[];
  columns: unknown[];
}

export interface ListsSeed {
  lists: ListSeed[];
  codeLists: CodeListsSeed;
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(new URL(file, LISTS_SEED_DIR), 'utf8')) as unknown;
}

/** The declared lists the seed has definitions for, by key. */
const SEEDED_LISTS: Readonly<Record<string, ListDeclaration<object>>> = {
  [subjectListDeclaration.key]: subjectListDeclaration as unknown as ListDeclaration<object>,
  [queryListDeclaration.key]: queryListDeclaration as unknown as ListDeclaration<object>,
  [invalidListDeclaration.key]: invalidListDeclaration as unknown as ListDeclaration<object>,
  [codingListDeclaration.key]: codingListDeclaration as unknown as ListDeclaration<object>,
  [freezeListDeclaration.key]: freezeListDeclaration as unknown as ListDeclaration<object>,
};

/** What is wrong with a list's seed (empty when nothing). */
export function listSeedProblems(list: ListSeed, codeLists: CodeListsSeed): string[] {
  const problems: string[] = [];
  const declared = Object.hasOwn(SEEDED_LISTS, list.key) ? SEEDED_LISTS[list.key] : undefined;
  if (!declared) return [`${list.key}: not a list the server serves`];
  const meta = parseListMetadata(list.searchFields, list.columns);
  for (const issue of meta.issues)
    problems.push(`${list.key}: ${issue.path} ${issue.messageId} ${JSON.stringify(issue.values)}`);
  problems.push(...bindingProblems(declared, meta));
  const known = (type: string) => type === SITE_CODE_LIST || Object.hasOwn(codeLists, type);
  for (const field of meta.fields) {
    if (field.codelisttype && !known(field.codelisttype)) {
      problems.push(`${list.key}: ${field.path} names unknown code list ${field.codelisttype}`);
    }
  }
  for (const leaf of columnLeaves(parseColumns(list.columns, SERVER_FIELD_TYPES).items)) {
    if (leaf.filter?.name === 'codelist' && leaf.filter.arg && !known(leaf.filter.arg)) {
      problems.push(`${list.key}: ${leaf.path} names unknown code list ${leaf.filter.arg}`);
    }
  }
  return problems;
}

/** Reads and checks the list seed files. */
export async function loadListsSeed(): Promise<ListsSeed> {
  let codeLists: CodeListsSeed;
  try {
    codeLists = codeListsSchema.validateSync(await readJson('codeLists.def.json'), {
      strict: true,
      abortEarly: false,
    }) as CodeListsSeed;
  } catch (err) {
    const detail = err instanceof cs.ValidationError ? err.errors.join('; ') : String(err);
    throw new Error(`fixtures/lists/codeLists.def.json: ${detail}`);
  }
  const lists: ListSeed[] = [];
  const subjects = {
    key: SUBJECT_LIST_KEY,
    searchFields: await readJson('subjectSearchFields.def.json'),
    columns: await readJson('subjectColumns.def.json'),
  };
  if (!Array.isArray(subjects.searchFields) || !Array.isArray(subjects.columns)) {
    throw new Error('fixtures/lists: subject definitions must be lists');
  }
  lists.push(subjects as ListSeed);
  const queries = {
    key: QUERY_LIST_KEY,
    searchFields: await readJson('querySearchFields.def.json'),
    columns: await readJson('queryColumns.def.json'),
  };
  if (!Array.isArray(queries.searchFields) || !Array.isArray(queries.columns)) {
    throw new Error('fixtures/lists: query definitions must be lists');
  }
  lists.push(queries as ListSeed);
  const invalid = {
    key: INVALID_LIST_KEY,
    searchFields: await readJson('invalidSearchFields.def.json'),
    columns: await readJson('invalidColumns.def.json'),
  };
  if (!Array.isArray(invalid.searchFields) || !Array.isArray(invalid.columns)) {
    throw new Error('fixtures/lists: invalid-record definitions must be lists');
  }
  lists.push(invalid as ListSeed);
  const coding = {
    key: CODING_LIST_KEY,
    searchFields: await readJson('codingSearchFields.def.json'),
    columns: await readJson('codingColumns.def.json'),
  };
  if (!Array.isArray(coding.searchFields) || !Array.isArray(coding.columns)) {
    throw new Error('fixtures/lists: coding definitions must be lists');
  }
  lists.push(coding as ListSeed);
  const freezeRequests = {
    key: FREEZE_LIST_KEY,
    searchFields: await readJson('freezeSearchFields.def.json'),
    columns: await readJson('freezeColumns.def.json'),
  };
  if (!Array.isArray(freezeRequests.searchFields) || !Array.isArray(freezeRequests.columns)) {
    throw new Error('fixtures/lists: freeze request definitions must be lists');
  }
  lists.push(freezeRequests as ListSeed);
  const problems = [
    ...(Object.hasOwn(codeLists, SITE_CODE_LIST)
      ? [`codeLists.def.json: ${SITE_CODE_LIST} is answered from the sites`]
      : []),
    ...lists.flatMap((l) => listSeedProblems(l, codeLists)),
  ];
  if (problems.length > 0) throw new Error(`list seed: ${problems.join('; ')}`);
  return { lists, codeLists };
}

/** Stores the definitions for the study and the code lists (replacing what is there). */
export async function seedLists(db: Db, studyId: string, seed: ListsSeed, at: Date): Promise<void> {
  for (const list of seed.lists) {
    await putListDefinition(db, {
      studyId,
      listKey: list.key,
      kind: 'searchFields',
      definition: list.searchFields,
      at,
    });
    await putListDefinition(db, {
      studyId,
      listKey: list.key,
      kind: 'columns',
      definition: list.columns,
      at,
    });
  }
  for (const [codelisttype, items] of Object.entries(seed.codeLists)) {
    for (const [sort, item] of items.entries()) {
      await putCodeListItem(db, studyId, {
        codelisttype,
        codevalue: item.codevalue,
        zh_CN: item.codedesp.zh_CN,
        en: item.codedesp.en,
        sort,
      });
    }
  }
}

/**
 * A list's stored metadata, parsed by the engine's own parsers (the client parses the same JSON the same way): the
 * search fields whose values the server reads back, and the props of the sortable columns (the only accepted
 * `orderByField`s). Parsed once per definition version.
 */
import { defaultFieldTypes } from '../../../../engine/fieldTypes/registry';
import type { FieldTypeRegistry } from '../../../../engine/fieldTypes/types';
import { columnLeaves, parseColumns } from '../../../../engine/metadata/parseColumns';
import { parseSearchFields, validSearchFields } from '../../../../engine/metadata/parseSearchFields';
import type { MetadataIssue, SearchFieldDef } from '../../../../engine/metadata/types';
import type { Db } from '../../../core/db/db';
import { listDefinitions, type DefinitionRow } from '../repository';

/** The field types the server reads search values with (the client's built-ins). */
export const SERVER_FIELD_TYPES: FieldTypeRegistry = defaultFieldTypes();

export interface ListMetadata {
  fields: readonly SearchFieldDef[];
  sortable: ReadonlySet<string>;
  /** What could not be parsed (those definitions are left out). */
  issues: readonly MetadataIssue[];
}

/** Parses a list's two definitions; the raw JSON as stored. */
export function parseListMetadata(
  searchFields: unknown,
  columns: unknown,
  registry: FieldTypeRegistry = SERVER_FIELD_TYPES,
): ListMetadata {
  const fields = parseSearchFields(searchFields, registry);
  const cols = parseColumns(columns, registry);
  const sortable = new Set(
    columnLeaves(cols.items)
      .filter((c) => c.sortable)
      .map((c) => c.prop),
  );
  return { fields: validSearchFields(fields), sortable, issues: [...fields.issues, ...cols.issues] };
}

export interface ListMetadataStore {
  /**
   * The list's parsed metadata, or null when the study has no definitions for it. `versions`: the definitions'
   * versions by kind as just read (sql.ts listScope); when they are the ones parsed, nothing is read.
   */
  get(
    studyId: string,
    listKey: string,
    versions?: Readonly<Record<string, number>>,
  ): Promise<ListMetadata | null>;
}

export function createListMetadataStore(
  db: Db,
  onIssues: (listKey: string, issues: readonly MetadataIssue[]) => void = () => undefined,
): ListMetadataStore {
  // by study and list: the versions parsed and the result
  const parsed = new Map<string, { versions: string; meta: ListMetadata }>();
  return {
    async get(studyId, listKey, known) {
      if (known) {
        const search = known['searchFields'];
        const columns = known['columns'];
        if (search === undefined || columns === undefined) return null;
        const cached = parsed.get(JSON.stringify([studyId, listKey]));
        if (cached?.versions === `${search}/${columns}`) return cached.meta;
      }
      const rows = await listDefinitions(db, studyId, listKey);
      const of = (kind: DefinitionRow['kind']) => rows.find((r) => r.kind === kind);
      const search = of('searchFields');
      const columns = of('columns');
      if (!search || !columns) return null;
      const key = JSON.stringify([studyId, listKey]);
      const versions = `${search.version}/${columns.version}`;
      const cached = parsed.get(key);
      if (cached?.versions === versions) return cached.meta;
      const meta = parseListMetadata(search.definition, columns.definition);
      if (meta.issues.length > 0) onIssues(listKey, meta.issues);
      parsed.set(key, { versions, meta });
      return meta;
    },
  };
}

/**
 * Medical coding (spec §1 "Medical coding and coding history", §7 `medCoding/getCodingInfo`; issue 14;
 * docs/medical-coding.md): verbatim terms of codable items (form metadata `coding: { dictionary }`, e.g. AETERM
 * against MedDRA, CMTRT against a WHODrug-like dictionary) are coded to a dictionary entry with its hierarchy. Exact
 * matches are coded automatically when saved; a coder searches, codes and recodes (with a reason); a changed verbatim
 * term loses its code. Every step is a row of the term's coding history. The spec names only getCodingInfo.do: the
 * other paths are ours, in its style, under /edc/medCoding/.
 */
import * as cs from '../schema';
import { CODING_DICTIONARIES, type CodingDictionary } from '../form/types';
import { bool, endpoint, int, num, str } from './endpoint';
import { listPageSchema, listParamsSchema, metaTextSchema } from './lists';
import type { MetaText } from '../metadata/types';

export { CODING_DICTIONARIES, type CodingDictionary };

/** Route of the coder's worklist (a list of the generic list engine). */
export const MED_CODING_PAGE = '/index/medCoding';
/** `listKey` of the worklist's search fields and columns. */
export const CODING_LIST_KEY = 'medCoding';

/**
 * The levels of each dictionary's hierarchy, from the coded entry up: MedDRA lowest level term → preferred term →
 * high level term → high level group term → system organ class; the WHODrug-like dictionary's drug (preferred name)
 * → ATC levels 4 (chemical), 3 (pharmacological), 2 (therapeutic) and 1 (anatomical main group).
 */
export const CODING_LEVELS: Readonly<Record<CodingDictionary, readonly string[]>> = {
  meddra: ['LLT', 'PT', 'HLT', 'HLGT', 'SOC'],
  whodrug: ['DRUG', 'ATC4', 'ATC3', 'ATC2', 'ATC1'],
};

/** uncoded: to code (never coded, or its code was reset by a change of the verbatim term); coded. */
export const CODING_STATUSES = ['uncoded', 'coded'] as const;
export type CodingStatus = (typeof CODING_STATUSES)[number];

/** autocode: an exact match coded on save; code, recode: by a coder; reset: the verbatim term changed. */
export const CODING_ACTIONS = ['autocode', 'code', 'recode', 'reset'] as const;
export type CodingAction = (typeof CODING_ACTIONS)[number];

/** Longest reason of a recode. */
export const CODING_REASON_MAX = 500;
/** Most dictionary entries one search answers. */
export const CODING_SEARCH_MAX = 50;
/** Largest dictionary file (spec §5: xlsx uploads up to 30M). */
export const CODING_IMPORT_MAX_BYTES = 30 * 1024 * 1024;

const dictionaryText = () =>
  str()
    .oneOf([...CODING_DICTIONARIES])
    .required() as unknown as cs.StringSchema<CodingDictionary>;

/** One level of a coded entry's hierarchy (the entry itself is the first). */
export const codingLevelSchema = cs.object({
  level: str().required(),
  code: str().required(),
  name: str().required(),
});
export type CodingLevel = cs.InferType<typeof codingLevelSchema>;

/** A dictionary entry: its code and name (LLT, drug) and the levels above it. */
export const codingEntrySchema = cs.object({
  code: str().required(),
  name: str().required(),
  /** The entry and every level above it, from the entry up (LLT, PT, HLT, HLGT, SOC). */
  path: cs.array(codingLevelSchema.required()).required(),
});
export type CodingEntry = cs.InferType<typeof codingEntrySchema>;

/** The study's dictionary of a kind: version, whether it is the demo one, its size. */
export const dictionaryInfoSchema = cs.object({
  dictionary: dictionaryText(),
  version: str().required(),
  /** The shipped demo dictionary (a few terms in the real structure): never for a real study. */
  demo: bool().required(),
  entries: num().integer().min(0).required(),
  importedAt: str().required(),
});
export type DictionaryInfo = cs.InferType<typeof dictionaryInfoSchema>;

/** A term to code: where it was entered, its verbatim text and its current code. */
export const codingTermSchema = cs.object({
  termid: str().required(),
  recordid: str().required(),
  subjectid: str().required(),
  subjid: str().required(),
  sitecode: str().required(),
  visitnum: str().required(),
  cycnum: num().integer().required(),
  svnum: num().integer().required(),
  tid: str().required(),
  lineno: num().integer().required(),
  /** Visit and form name. */
  visitTname: metaTextSchema.required(),
  variable: str().required(),
  dictionary: dictionaryText(),
  verbatim: str().defined(),
  status: str()
    .oneOf([...CODING_STATUSES])
    .required(),
  /** Coded automatically (an exact match on save). */
  auto: bool().required(),
  code: str().nullable().defined(),
  name: str().nullable().defined(),
  /** The coded entry's hierarchy (empty when uncoded). */
  path: cs.array(codingLevelSchema.required()).required(),
  codedBy: str().nullable().defined(),
  /** ISO 8601 UTC. */
  codedAt: str().nullable().defined(),
});
export type CodingTerm = cs.InferType<typeof codingTermSchema> & {
  dictionary: CodingDictionary;
  status: CodingStatus;
  visitTname: MetaText;
};

/** A row of a term's coding history: who, when, from, to, why. */
export const codingHistoryRowSchema = cs.object({
  id: str().required(),
  action: str()
    .oneOf([...CODING_ACTIONS])
    .required(),
  verbatim: str().defined(),
  fromCode: str().nullable().defined(),
  fromName: str().nullable().defined(),
  toCode: str().nullable().defined(),
  toName: str().nullable().defined(),
  reason: str().nullable().defined(),
  username: str().required(),
  realname: str().required(),
  /** ISO 8601 UTC. */
  at: str().required(),
});
export type CodingHistoryRow = cs.InferType<typeof codingHistoryRowSchema> & { action: CodingAction };

/** What the coding provider adds to a codable item's state in datainfo (`items[variable].coding`). */
export interface CodingItemFields {
  coding: {
    termid: string;
    dictionary: CodingDictionary;
    status: CodingStatus;
    auto: boolean;
    code: string | null;
    name: string | null;
  };
}

export const getCodingInfo = endpoint({
  name: 'getCodingInfo',
  path: '/edc/medCoding/getCodingInfo.do',
  description:
    "A term's coding: the term (verbatim, status, code and hierarchy), its coding history (who, when, from, to, why) and the study's dictionary. By `termid`, or by the item (`recordid`, `variable`). For coders (coding.code) and the roles that read data; the term must be at the chosen site. An item without a verbatim term is refused ('no term').",
  params: cs.object({
    termid: str().max(20).optional(),
    recordid: str().max(20).optional(),
    variable: str().max(64).optional(),
  }),
  data: cs.object({
    term: codingTermSchema.required(),
    history: cs.array(codingHistoryRowSchema.required()).required(),
    dictionary: dictionaryInfoSchema.nullable().defined(),
    /** Whether the session's role may code it. */
    canCode: bool().required(),
  }) as unknown as cs.Schema<{
    term: CodingTerm;
    history: CodingHistoryRow[];
    dictionary: DictionaryInfo | null;
    canCode: boolean;
  }>,
});

export const searchDictionary = endpoint({
  name: 'searchDictionary',
  path: '/edc/medCoding/searchDictionary.do',
  description:
    "Searches the study's dictionary (`dictionary`): entries whose name or code contains `q` (case and spaces ignored), exact matches first, then by name; also matching the level above (PT, ATC4), at most `size`. Permission coding.code.",
  params: cs.object({
    dictionary: dictionaryText(),
    q: str().required().min(1).max(100),
    size: int().min(1).max(CODING_SEARCH_MAX).default(20),
  }),
  data: cs.object({
    dictionary: dictionaryInfoSchema.nullable().defined(),
    list: cs.array(codingEntrySchema.required()).required(),
  }) as unknown as cs.Schema<{ dictionary: DictionaryInfo | null; list: CodingEntry[] }>,
});

export const saveCoding = endpoint({
  name: 'saveCoding',
  path: '/edc/medCoding/saveCoding.do',
  method: 'POST',
  description:
    'Codes a term (`termid`) to the dictionary entry `code`, as the coder saw it (`verbatim`: a term changed since is refused). A term already coded is recoded, which needs a `reason`. Permission coding.code; the term must be at the chosen site and have a verbatim term. One transaction with its history row.',
  params: cs.object({
    termid: str().required().max(20),
    code: str().required().min(1).max(20),
    verbatim: str().defined().max(20000),
    reason: str().nullable().max(CODING_REASON_MAX).default(null),
  }),
  data: cs.object({ term: codingTermSchema.required() }) as unknown as cs.Schema<{ term: CodingTerm }>,
});

export const codingList = endpoint({
  name: 'codingList',
  path: '/edc/medCoding/codingList.do',
  method: 'POST',
  openParams: true,
  description:
    "One page of the coder's worklist (/index/medCoding) at the chosen site: the verbatim terms of codable items with their status and code, filtered by the search params (listKey `medCoding`) and sorted by `orderByField`/`asc`. Permission coding.code.",
  params: listParamsSchema,
  data: listPageSchema(codingTermSchema) as unknown as cs.Schema<{
    list: CodingTerm[];
    total: number;
    page: number;
    size: number;
  }>,
});

export const importDictionary = endpoint({
  name: 'importDictionary',
  path: '/edc/medCoding/importDictionary.do',
  method: 'POST',
  upload: { field: 'file', maxBytes: CODING_IMPORT_MAX_BYTES, kind: 'xlsx' },
  description:
    "Replaces the study's dictionary `dictionary` by a licensed file (multipart part `file`: one xlsx in the layout of docs/medical-coding.md, checked by content and line by line; a bad line is named and nothing is imported) with its `version`, in one transaction with its audit row. Codes already given keep the entry they were given; uncoded terms the new dictionary matches exactly are auto-coded (`autocoded`). Permission coding.import.",
  params: cs.object({
    dictionary: dictionaryText(),
    version: str().required().min(1).max(40),
  }),
  data: dictionaryInfoSchema.shape({
    /** Uncoded terms of the study that the new dictionary matched exactly: auto-coded in the same transaction. */
    autocoded: num().integer().min(0).required(),
  }) as unknown as cs.Schema<DictionaryInfo & { autocoded: number }>,
});

/** The medical coding endpoints, by name. */
export const medCodingEndpoints = {
  getCodingInfo,
  searchDictionary,
  saveCoding,
  codingList,
  importDictionary,
} as const;

/**
 * Source data verification (spec §7 `varstatus/saveVarStatusList`, `subject/subjectSdvSign`; §5 "select items to
 * verify"), with the study's targeted SDV plan (ICH E6(R3); docs/notes-and-sdv.md). Monitors verify items, pages
 * (a record without `variable`: every saved item of it) and whole subjects; any later change of a verified value
 * resets it. Each item's SDV state is part of its item status in datainfo (`sdv`, see SdvState).
 */
import * as cs from '../schema';
import { endpoint, int, num, str } from './endpoint';

/**
 * An item's SDV state: verified; reset (verified, then the value changed — verify again); required by the plan (not
 * verified yet); not required by the plan.
 */
export const SDV_STATES = ['verified', 'required', 'notRequired', 'reset'] as const;
export type SdvState = (typeof SDV_STATES)[number];

/** Why an item's SDV was reset: the change of its value (who, when, old → new). */
export interface SdvResetInfo {
  by: string;
  at: string;
  from: string | null;
  to: string | null;
}

/** What the SDV provider adds to an item's status (datainfo `items`). */
export interface SdvItemFields {
  sdv: SdvState;
  /** The last verification (verified, reset). */
  sdvBy?: string;
  sdvAt?: string;
  sdvReset?: SdvResetInfo;
}

/** Most items or pages in one batch. */
export const SDV_BATCH_MAX = 500;

export const sdvTargetSchema = cs.object({
  recordid: str().required().max(100),
  /** An item of the record; none: the whole page (every saved item). */
  variable: str().max(64).optional(),
  /** The record's rowversion as the monitor saw it: a page changed since is refused (verify what was seen). */
  rowversion: int().min(1).optional(),
});

export const verifiedItemSchema = cs.object({
  recordid: str().required(),
  variable: str().required(),
  sdv: str().oneOf(['verified']).required(),
  sdvBy: str().required(),
  sdvAt: str().required(),
});
export type VerifiedItem = cs.InferType<typeof verifiedItemSchema> & { sdv: 'verified' };

export const saveVarStatusList = endpoint({
  name: 'saveVarStatusList',
  path: '/edc/varstatus/saveVarStatusList.do',
  method: 'POST',
  description:
    "Verifies the selected items and pages (`list`: a record with a `variable` is one item, without one every saved item of the page) in one transaction, each with its SDV audit row. Permission sdv.verify (monitors); every record must be at the chosen site. An empty selection is refused ('select items to verify'). Items already verified are left as they are (`already`).",
  params: cs.object({
    list: cs.array(sdvTargetSchema.required()).required().max(SDV_BATCH_MAX),
  }),
  data: cs.object({
    verified: num().integer().min(0).required(),
    already: num().integer().min(0).required(),
    items: cs.array(verifiedItemSchema.required()).required(),
  }) as unknown as cs.Schema<{ verified: number; already: number; items: VerifiedItem[] }>,
});

export const subjectSdvSign = endpoint({
  name: 'subjectSdvSign',
  path: '/edc/subject/subjectSdvSign.do',
  method: 'POST',
  description:
    'Verifies every saved item of a subject (at the chosen site) not verified yet, in one transaction with an SDV audit row each. Permission sdv.verify. `scope` plan: only the items the SDV plan requires; all: every item.',
  params: cs.object({
    subjectid: str().required().max(100),
    scope: str().oneOf(['plan', 'all']).default('plan'),
  }),
  data: cs.object({
    subjectid: str().required(),
    verified: num().integer().min(0).required(),
    already: num().integer().min(0).required(),
  }),
});

/** SDV progress against the plan: items the plan requires, verified of them, reset (to verify again). */
export const sdvProgressSchema = cs.object({
  required: num().integer().min(0).required(),
  verified: num().integer().min(0).required(),
  reset: num().integer().min(0).required(),
});
export type SdvProgress = cs.InferType<typeof sdvProgressSchema>;

export const sdvWorkRowSchema = cs.object({
  recordid: str().required(),
  subjectid: str().required(),
  subjid: str().required(),
  visitnum: str().required(),
  cycnum: num().integer().required(),
  svnum: num().integer().required(),
  tid: str().required(),
  lineno: num().integer().required(),
  /** Items the plan requires on the page, not verified yet (reset ones included). */
  pending: num().integer().min(0).required(),
  reset: num().integer().min(0).required(),
});
export type SdvWorkRow = cs.InferType<typeof sdvWorkRowSchema>;

export const sdvWorklist = endpoint({
  name: 'sdvWorklist',
  path: '/edc/varstatus/sdvWorklist.do',
  description:
    "The monitor's SDV worklist at the chosen site: the saved pages with items the plan requires that are not verified (or were reset), by subject number, visit and form, one page of `size`; and the site's progress against the plan. Permission sdv.verify. (The spec names no path; docs/notes-and-sdv.md.)",
  params: cs.object({
    page: int().min(1).default(1),
    size: int().min(1).max(100).default(20),
  }),
  data: cs.object({
    list: cs.array(sdvWorkRowSchema.required()).required(),
    total: num().integer().min(0).required(),
    progress: sdvProgressSchema.required(),
  }),
});

/** The SDV endpoints, by name. */
export const sdvEndpoints = { saveVarStatusList, subjectSdvSign, sdvWorklist } as const;

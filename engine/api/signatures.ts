/**
 * The investigator's electronic signature (spec §1 "PI signature (batch signing possible)", §5 "select items to
 * sign", §7 `varstatus/showSignature`, `validationSignUser`; 21 CFR Part 11 §11.50, §11.200; docs/signatures.md).
 *
 * A signature is on a page (a saved record). Signing a visit or a whole casebook signs every saved page of it; a batch
 * is a list of such targets. The signing request carries the re-authentication (the password, and the user name on
 * the session's first signing), so that re-authentication and signature are one request and one transaction.
 * A later change of a signed page's data breaks its signature (shown as broken, listed in the PI's to-dos).
 */
import * as cs from '../schema';
import { bool, endpoint, num, str } from './endpoint';
import { localizedTextSchema, type LocalizedText } from './localized';

/** A page's signature state: signed; broken (signed, then its data changed — sign again); not signed. */
export const SIGNATURE_STATES = ['signed', 'broken', 'unsigned'] as const;
export type SignatureState = (typeof SIGNATURE_STATES)[number];

/** What is signed: a whole casebook (subject), a visit of it, or one page (record). */
export const SIGNATURE_SCOPES = ['casebook', 'visit', 'page'] as const;
export type SignatureScope = (typeof SIGNATURE_SCOPES)[number];

/** What the signature provider adds to each saved item of a signed page (datainfo `items`). */
export interface SignatureItemFields {
  sign: Exclude<SignatureState, 'unsigned'>;
  /** Printed name of the signer and when (ISO, UTC). */
  signBy: string;
  signAt: string;
}

/** Most targets in one batch. */
export const SIGNATURE_BATCH_MAX = 200;

export const signatureTargetSchema = cs.object({
  subjectid: str().required().max(100),
  /** A visit of the subject: its saved pages; none: the whole casebook. */
  visitnum: str().max(64).optional(),
  /** One page (record) of the subject. */
  recordid: str().max(100).optional(),
});
export type SignatureTarget = cs.InferType<typeof signatureTargetSchema>;

/** The manifestation of a signature (§11.50): printed name, date and time, meaning. */
export const manifestationSchema = cs.object({
  signer: str().required(),
  signtime: str().required(),
  meaning: localizedTextSchema.required(),
});
export type Manifestation = cs.InferType<typeof manifestationSchema>;

export const signaturePageSchema = cs.object({
  recordid: str().required(),
  subjectid: str().required(),
  subjid: str().required(),
  visitnum: str().required(),
  cycnum: num().integer().required(),
  svnum: num().integer().required(),
  tid: str().required(),
  lineno: num().integer().required(),
  state: str().oneOf(SIGNATURE_STATES).required(),
  /** The (last) signature: signed or broken. */
  manifestation: manifestationSchema.default(undefined).optional(),
  scope: str().oneOf(SIGNATURE_SCOPES).optional(),
  /** A broken signature: who changed the data, when, which items. */
  brokenBy: str().optional(),
  brokenAt: str().optional(),
  brokenItems: cs.array(str().required()).optional(),
  /** Open queries on the page (created or answered). */
  openQueries: num().integer().min(0).required(),
});
export type SignaturePage = cs.InferType<typeof signaturePageSchema> & {
  state: SignatureState;
  scope?: SignatureScope;
  manifestation?: Manifestation & { meaning: LocalizedText };
};

/** One event of a page's signature history (signature_audit): a signing with its manifestation, or a break. */
export const signatureEventSchema = cs.object({
  action: str().oneOf(['sign', 'break']).required(),
  /** Printed name of who signed or changed the data. */
  by: str().required(),
  at: str().required(),
  scope: str().oneOf(SIGNATURE_SCOPES).optional(),
  meaning: localizedTextSchema.default(undefined).optional(),
  /** A break: the items whose change broke it. */
  items: cs.array(str().required()).optional(),
});
export type SignatureEvent = cs.InferType<typeof signatureEventSchema> & {
  action: 'sign' | 'break';
  scope?: SignatureScope;
  meaning?: LocalizedText;
};

export const showSignature = endpoint({
  name: 'showSignature',
  path: '/edc/varstatus/showSignature.do',
  description:
    "The signature state of a subject's saved pages (`subjectid`), of one page (`recordid`) or of none, at the chosen site, each with its manifestation (printed name, date and time, meaning) and open queries; and what a signing needs: whether the role may sign (signature.sign), whether the session's first signing is still to come (user name and password) or only the password, the meaning signed and whether open queries refuse signing; for one page, its signature history (every signing with its manifestation and every break).",
  params: cs.object({
    subjectid: str().max(100).optional(),
    recordid: str().max(100).optional(),
  }),
  data: cs.object({
    canSign: bool().required(),
    needsUsername: bool().required(),
    refuseOpenQueries: bool().required(),
    meaning: localizedTextSchema.required(),
    pages: cs.array(signaturePageSchema.required()).required(),
    /** One page asked for (`recordid`): its signature history, oldest first; otherwise empty. */
    history: cs.array(signatureEventSchema.required()).required(),
  }) as unknown as cs.Schema<{
    canSign: boolean;
    needsUsername: boolean;
    refuseOpenQueries: boolean;
    meaning: LocalizedText;
    pages: SignaturePage[];
    history: SignatureEvent[];
  }>,
});

export const saveSignature = endpoint({
  name: 'saveSignature',
  path: '/edc/varstatus/saveSignature.do',
  method: 'POST',
  description:
    "Signs the selected casebooks, visits and pages (`list`) as investigator, with the re-authentication of 21 CFR 11.200 in the same request: `password`, and `username` on the session's first signing (three failures in a row end the session, as validationSignUser.do). Permission signature.sign; every subject at the chosen site. All or nothing, in one transaction with a signature audit row per page: refused when nothing is selected ('select items to sign'), when a page has open queries (study setting, on by default), or when every page is signed already. Pages already signed are left as they are (`already`). (The spec names no path for the signing itself; docs/signatures.md.)",
  params: cs.object({
    list: cs.array(signatureTargetSchema.required()).required().max(SIGNATURE_BATCH_MAX),
    username: str().max(100).optional(),
    password: str().required().max(200),
  }),
  data: cs.object({
    signed: num().integer().min(0).required(),
    already: num().integer().min(0).required(),
    manifestation: manifestationSchema.required(),
    records: cs.array(str().required()).required(),
  }) as unknown as cs.Schema<{
    signed: number;
    already: number;
    manifestation: Manifestation;
    records: string[];
  }>,
});

/** The signature endpoints, by name. */
export const signatureEndpoints = { showSignature, saveSignature } as const;

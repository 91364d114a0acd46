/**
 * How an endpoint of the API contract is declared: once, in the module of its domain (session.ts, lists.ts,
 * subjects.ts, visits.ts, data.ts, editChecks.ts …), through `endpoint()`. The path is the spec's own (§7), in full
 * (`/edc/edcserver/login.do`, `/login/heartBeat.do`); where it is requested follows from it (`hostOf`): paths
 * containing `/login/` or `config.json` go to the integration address `backAddress`, every other one to the page's
 * own origin.
 *
 * Used by the request client (engine/http), the reference server (server/core/http/route.ts registers every route
 * from its definition), the fixtures and the tests. Responses are `{ success, msg, data, code? }` (envelope.ts);
 * `data` is described with a contract schema (engine/schema) so that a malformed response fails with a message
 * naming the field (parseResponse.ts). Schemas check the fields we read and tolerate extra ones (a real server sends
 * more).
 */
import * as cs from '../schema';

/** Prefix of every EDC data endpoint (spec §7: "Data endpoints are under /edc"). */
export const API_BASE = '/edc/';

/** GET and DELETE send their parameters in the query, POST and PUT in a JSON body. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * - `token`: needs a login token; without one the client logs out with code 400 and does not send the request.
 * - `optional`: sent with the token when there is one.
 * - `none`: the login front; never sends a token.
 */
export type AuthMode = 'token' | 'optional' | 'none';

/**
 * - `api`: requested on the page's own origin.
 * - `back`: requested on the integration address (`backAddress`), because the path contains `/login/` or `config.json`.
 */
export type HostKind = 'api' | 'back';

export interface EndpointDef<P extends cs.AnyObject, D> {
  /** Stable name used in code, logs and tests. */
  readonly name: string;
  /** The full request path, as the spec names it (`/edc/<group>/<name>.do`, `/login/…`). */
  readonly path: string;
  readonly method: HttpMethod;
  readonly auth: AuthMode;
  /** Derived from the path (hostOf); never declared. */
  readonly host: HostKind;
  /** Query (GET) or JSON body (POST) parameters. The server validates requests with the same schema. */
  readonly params: cs.ObjectSchema<P>;
  /** Shape of the `data` field of a successful response. */
  readonly data: cs.Schema<D>;
  /** Whether a role and site must have been chosen (changeSiteRole.do) before this call; checked by the server. */
  readonly needsRole: boolean;
  readonly description: string;
  /**
   * Parameters not named in `params` are kept (not stripped) and handed to the handler as strings or string lists:
   * the search parameters of list endpoints, whose names come from the search-field metadata.
   */
  readonly openParams?: boolean;
  /**
   * A back-address endpoint that may be asked before any integration address is known: it is then requested on the
   * page's own origin (logininfo.do, which answers the address). Every other back endpoint without an address is
   * refused on the client with the notice that the integration address must be configured.
   */
  readonly bootstrap?: boolean;
  /**
   * A file upload (multipart/form-data): the file part `field`, at most `maxBytes`, of the content `kind` (checked by
   * its bytes, never by its name); the other parts are the `params`, validated as usual. The server's route (the one
   * place) reads, limits and checks the file before the handler sees it; the client sends a FormData.
   */
  readonly upload?: UploadSpec;
  /**
   * A success is answered with the file itself (its bytes as the body, Content-Type, Content-Disposition,
   * Content-Length), not an envelope; `data` then describes what the headers carry (fileAnswer.ts). A refusal is an
   * envelope as usual. The client reads it with `client.download` (engine/http/createApiClient.ts).
   */
  readonly file?: boolean;
}

/**
 * The kinds of file an upload endpoint accepts (spec §5 "Uploads"): `xlsx` (by its zip bytes), `text` (UTF-8 text
 * without NUL: a study definition's XML or CSV, whose format the handler detects by content).
 */
export type UploadKind = 'xlsx' | 'text';

export interface UploadSpec {
  /** Name of the file part. */
  readonly field: string;
  readonly maxBytes: number;
  readonly kind: UploadKind;
}

/** What a domain module declares: the defaults are GET, auth `token`, a chosen role. */
export type EndpointSpec<P extends cs.AnyObject, D> = Omit<
  EndpointDef<P, D>,
  'host' | 'method' | 'auth' | 'needsRole'
> &
  Partial<Pick<EndpointDef<P, D>, 'method' | 'auth' | 'needsRole'>>;

/** Paths served by the integration address instead of the page's origin (spec §7). */
export function isBackPath(path: string): boolean {
  return path.includes('/login/') || path.includes('config.json');
}

/** Where a path is requested. */
export function hostOf(path: string): HostKind {
  return isBackPath(path) ? 'back' : 'api';
}

/** Declares an endpoint: defaults filled in, host derived from the path. */
export function endpoint<P extends cs.AnyObject, D>(spec: EndpointSpec<P, D>): EndpointDef<P, D> {
  if (!spec.path.startsWith('/')) throw new Error(`${spec.name}: path ${spec.path} must start with /`);
  return {
    method: 'GET',
    auth: 'token',
    needsRole: true,
    ...spec,
    host: hostOf(spec.path),
  };
}

/** `data` type of an endpoint. */
export type DataOf<E> = E extends EndpointDef<cs.AnyObject, infer D> ? D : never;
/** Params type of an endpoint. */
export type ParamsOf<E> = E extends EndpointDef<infer P, unknown> ? P : never;

/** Full request path of an endpoint for the server's router: the path itself. */
export function serverPath(def: Pick<EndpointDef<cs.AnyObject, unknown>, 'path'>): string {
  return def.path;
}

// ---------------------------------------------------------------------------------------------------------------
// Schema primitives shared by the domain modules

export const noParams = cs.object({});
export const nullData = cs
  .mixed()
  .nullable()
  .test('is-null', '${path} must be null', (v) => v === null) as unknown as cs.Schema<null>;

/** The range of the database's `integer` (int4): every whole number of the contract is stored in or compared to one. */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

/**
 * Whether a text can be stored and compared: no NUL (PostgreSQL text refuses it) and no lone UTF-16 surrogate (not
 * a character; UTF-8 cannot encode it). Every text of the contract, in a request or a response, is such a text.
 */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}
/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The parameters as validated, with the contract's defaults filled in for the parameters left out. A schema applies
 * a default while casting, and a strict schema (every `str()`, `num()`, `bool()`) is never cast when validated
 * (yup's rule, kept by engine/schema): without this, `reason: str().default('')` would reach a service as undefined.
 * Only the top level is filled (the contract's defaults are all on top-level parameters).
 */
export function withContractDefaults<P extends cs.AnyObject>(schema: cs.ObjectSchema<P>, params: P): P {
  const given = params as Readonly<Record<string, unknown>>;
  let filled: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(schema.fields)) {
    if (given[key] !== undefined || !(field instanceof cs.Schema)) continue;
    const value: unknown = field.getDefault();
    if (value === undefined) continue;
    filled ??= { ...given };
    filled[key] = value;
  }
  return (filled ?? params) as P;
}

/** A JSON-typed text (never cast from a number): no NUL, no lone surrogate. */
export const str = () =>
  cs
    .string()
    .strict()
    .test('storable-text', '${path} must not contain NUL or unpaired surrogate characters', (v) =>
      typeof v === 'string' ? isStorableText(v) : true,
    );
/** A JSON-typed number (never cast from a text): finite (NaN is no number). */
export const num = () => cs.number().strict();
export const bool = () => cs.boolean().strict();
/**
 * A whole-number request parameter (read from a query text or a JSON number) within the database's int4 range: a
 * larger one would reach the database and fail there, so it is refused here, naming the parameter.
 */
export const int = () =>
  cs
    .number()
    .integer()
    .min(INT4_MIN, '${path} must be at least ${min}')
    .max(INT4_MAX, '${path} must be at most ${max}');

import * as cs from '../schema';
import type { EndpointDef } from './endpoint';
import { envelopeSchema, type ApiEnvelope } from './envelope';

/** A response that does not match the contract. `field` is the path of the first offending field (`data.menus[2].path`). */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(
    readonly endpoint: string,
    readonly field: string,
    readonly problems: readonly string[],
  ) {
    super(`${endpoint}: malformed response at "${field}": ${problems.join('; ')}`);
  }
}

function join(prefix: string, path: string | undefined): string {
  if (!path) return prefix || '(body)';
  if (!prefix) return path;
  return path.startsWith('[') ? `${prefix}${path}` : `${prefix}.${path}`;
}

function toContractError(endpoint: string, prefix: string, err: unknown): ContractError {
  if (err instanceof cs.ValidationError) {
    const inner = err.inner.length > 0 ? err.inner : [err];
    const problems = inner.map((e) => {
      const path = join(prefix, e.path);
      // a message starts with the path the schema knows; name the full path instead
      const message =
        e.path && e.message.startsWith(e.path) ? e.message.slice(e.path.length).trim() : e.message;
      return `${path} ${message}`;
    });
    return new ContractError(endpoint, join(prefix, inner[0]?.path), problems);
  }
  return new ContractError(endpoint, prefix || '(body)', [String(err)]);
}

/** Checks the `{ success, msg, data, code }` envelope only. */
export function parseEnvelope(endpoint: string, body: unknown): ApiEnvelope<unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ContractError(endpoint, '(body)', ['(body) is not a JSON object']);
  }
  try {
    envelopeSchema.validateSync(body, { strict: true, abortEarly: false });
  } catch (err) {
    throw toContractError(endpoint, '', err);
  }
  const env = body as ApiEnvelope<unknown>;
  return {
    success: env.success,
    msg: env.msg ?? '',
    data: env.data,
    ...(env.code !== undefined ? { code: env.code } : {}),
  };
}

/**
 * Validates the `data` of a successful response against the endpoint's schema, without coercion:
 * a number sent as a string is an error, named by its path.
 */
export function parseData<P extends cs.AnyObject, D>(def: EndpointDef<P, D>, data: unknown): D {
  try {
    def.data.validateSync(data, { strict: true, abortEarly: false });
    return data as D;
  } catch (err) {
    throw toContractError(def.path, 'data', err);
  }
}

/** Envelope + data. A `success:false` envelope is returned as is (its data is not checked). */
export function parseResponse<P extends cs.AnyObject, D>(
  def: EndpointDef<P, D>,
  body: unknown,
): ApiEnvelope<D> {
  const env = parseEnvelope(def.path, body);
  if (!env.success) return env as ApiEnvelope<D>;
  return { ...env, data: parseData(def, env.data) };
}

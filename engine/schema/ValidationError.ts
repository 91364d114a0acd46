/**
 * A value that does not satisfy its schema (yup's shape, which the request client, the server's parameter errors
 * and the seed read): `errors` every message, `inner` every single error (when all were collected), `path` the
 * field of a single error (`data.menus[2].path`), `message` the one message or "N errors occurred".
 */
export class ValidationError extends Error {
  override name = 'ValidationError';
  readonly errors: string[] = [];
  readonly inner: ValidationError[] = [];
  /** The test that failed (typeError, nullable, optionality, oneOf, min, max, a custom test's name …). */
  type: string | undefined;
  params: Readonly<Record<string, unknown>> | undefined;

  constructor(
    errorOrErrors: string | ValidationError | readonly (string | ValidationError)[],
    public value?: unknown,
    public path?: string,
    type?: string,
  ) {
    super();
    this.type = type;
    this.params = undefined;
    const list =
      typeof errorOrErrors === 'string' || errorOrErrors instanceof ValidationError
        ? [errorOrErrors]
        : errorOrErrors;
    for (const err of list) {
      if (typeof err === 'string') {
        this.errors.push(err);
      } else {
        this.errors.push(...err.errors);
        if (err.inner.length > 0) this.inner.push(...err.inner);
        else this.inner.push(err);
      }
    }
    this.message = this.errors.length > 1 ? `${this.errors.length} errors occurred` : (this.errors[0] ?? '');
  }

  static isError(err: unknown): err is ValidationError {
    return err instanceof ValidationError;
  }
}

/**
 * The base of every contract schema: immutable (each method returns a new schema, so contracts share `str()` and
 * friends), with yup's semantics where the project depends on them:
 *
 * - validating a non-strict schema first casts the value (transforms — a query text `"12"` read as 12, `trim()`,
 *   `round()`, `json()` — then the default for a missing value), then judges the result; a strict one is judged as
 *   given. Nested values are judged as the top's cast left them.
 * - the presence and type checks run first; a value failing them is not tested further.
 * - `abortEarly` (the default) throws the first error; `abortEarly: false` collects all of them, in yup's order.
 */
import { formatMessage, messages, printValue } from './messages';
import type {
  DefaultThunk,
  Flags,
  Message,
  MessageParams,
  ResolveFlags,
  SchemaDescription,
  ValidateOptions,
} from './types';
import { ValidationError } from './ValidationError';

export interface SchemaSpec {
  readonly strict: boolean;
  readonly nullable: boolean;
  readonly optional: boolean;
  /** Message when null is refused (`notNull`, or `required`'s). */
  readonly nullMessage: Message;
  /** Message when undefined is refused (`defined`, or `required`'s). */
  readonly undefinedMessage: Message;
  /** Whether `default()` was called (an object without one defaults to its fields' defaults). */
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  readonly defaultThunk: (() => unknown) | undefined;
  /** Values allowed by `oneOf`, and its message. */
  readonly oneOf: readonly unknown[] | undefined;
  readonly oneOfMessage: Message;
}

/** What a test function sees as `this` and as its second argument. */
export interface TestContext {
  readonly path: string;
  /** The object (or list) holding the value, as cast. */
  readonly parent: unknown;
  readonly originalValue: unknown;
  createError(options?: CreateErrorOptions): ValidationError;
}
export interface CreateErrorOptions {
  message?: Message;
  path?: string;
  params?: Record<string, unknown>;
}
export type TestFunction<T> = (
  this: TestContext,
  value: T,
  context: TestContext,
) => void | boolean | ValidationError;

export interface TestConfig<T> {
  name?: string;
  message?: Message;
  test: TestFunction<T>;
  params?: Record<string, unknown>;
  exclusive?: boolean;
  skipAbsent?: boolean;
}

/** A test as stored: `check` is declared as a method so that a test of a narrower value type can be kept here. */
interface StoredTest {
  readonly name: string | undefined;
  readonly message: Message;
  readonly params: Record<string, unknown> | undefined;
  readonly exclusive: boolean;
  readonly skipAbsent: boolean;
  check(this: TestContext, value: never, context: TestContext): void | boolean | ValidationError;
}

export type Transform = (value: unknown, originalValue: unknown) => unknown;

/** Where a value sits while it is judged. */
export interface Node {
  readonly path: string;
  readonly parent: unknown;
  readonly originalValue: unknown;
}

/** One validation run: how errors are reported and where they are collected. */
export interface Run {
  readonly abortEarly: boolean;
  readonly errors: ValidationError[];
}

export interface CastOptions {
  readonly stripUnknown?: boolean | undefined;
  /** Casting for a validation: strict fields of an object are then left as they are. */
  readonly validating?: boolean;
}

function isAbsent(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

/** A copy of a default value, so that no two casts share one (plain objects and lists; others as they are). */
function copyValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyValue) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = copyValue(v);
    return out as T;
  }
  return value;
}

class Context implements TestContext {
  constructor(
    readonly path: string,
    readonly parent: unknown,
    readonly originalValue: unknown,
    private readonly value: unknown,
    private readonly test: StoredTest,
  ) {}
  createError(options: CreateErrorOptions = {}): ValidationError {
    return makeError(
      options.message ?? this.test.message,
      this.value,
      this.originalValue,
      options.path ?? this.path,
      this.test.name,
      this.test.params,
      options.params,
    );
  }
}

function makeError(
  message: Message,
  value: unknown,
  originalValue: unknown,
  path: string,
  type: string | undefined,
  params?: Record<string, unknown>,
  more?: Record<string, unknown>,
): ValidationError {
  const all: MessageParams = { value, originalValue, path, ...params, ...more };
  const error = new ValidationError(formatMessage(message, all), value, path, type);
  error.params = all;
  return error;
}

/** Files an error: thrown at once when the run stops at the first one. */
export function report(run: Run, error: ValidationError): void {
  if (run.abortEarly) throw error;
  run.errors.push(error);
}

/** The path of a field or an item under its parent's path (yup's spelling: `a.b`, `a[2]`, `a["x.y"]`). */
export function childPath(parentPath: string, key: string | number): string {
  if (typeof key === 'number') return `${parentPath}[${key}]`;
  if (key.includes('.')) return `${parentPath}["${key}"]`;
  return parentPath ? `${parentPath}.${key}` : key;
}

const BASE_SPEC: SchemaSpec = {
  strict: false,
  nullable: false,
  optional: true,
  nullMessage: messages.notNull,
  undefinedMessage: messages.defined,
  hasDefault: false,
  defaultValue: undefined,
  defaultThunk: undefined,
  oneOf: undefined,
  oneOfMessage: messages.oneOf,
};

export abstract class Schema<TType = unknown, TDefault = unknown, TFlags extends Flags = ''> {
  /** The validated value's type (type-level only). */
  declare readonly __outputType: ResolveFlags<TType, TFlags, TDefault>;
  /** The default's type (type-level only). */
  declare readonly __default: TDefault;

  abstract readonly type: string;
  protected spec: SchemaSpec = BASE_SPEC;
  protected tests: readonly StoredTest[] = [];
  protected transforms: readonly Transform[] = [];
  /** Per test name: whether the last one added was exclusive (yup's rule for replacing tests). */
  private exclusive: Readonly<Record<string, boolean>> = {};

  /** Whether a present value has this schema's type. */
  protected abstract typeCheck(value: unknown): boolean;

  get isStrict(): boolean {
    return this.spec.strict;
  }

  protected clone(spec?: Partial<SchemaSpec>): this {
    const next = Object.create(Object.getPrototypeOf(this) as object) as this;
    Object.assign(next, this);
    if (spec) next.spec = { ...this.spec, ...spec };
    return next;
  }

  /** Whether a value (null and undefined as the schema allows them) has the schema's type. */
  isType(value: unknown): boolean {
    if (value === null) return this.spec.nullable;
    if (value === undefined) return this.spec.optional;
    return this.typeCheck(value);
  }

  // -------------------------------------------------------------------------------------------------------------
  // building

  strict(isStrict = true): this {
    return this.clone({ strict: isStrict });
  }

  protected withDefault(def: DefaultThunk<unknown>): this {
    return typeof def === 'function'
      ? this.clone({ hasDefault: true, defaultValue: undefined, defaultThunk: def as () => unknown })
      : this.clone({ hasDefault: true, defaultValue: def, defaultThunk: undefined });
  }
  protected setOptional(): this {
    return this.clone({ optional: true });
  }
  protected setDefined(message: Message = messages.defined): this {
    return this.clone({ optional: false, undefinedMessage: message });
  }
  protected setNullable(): this {
    return this.clone({ nullable: true });
  }
  protected setNonNullable(message: Message = messages.notNull): this {
    return this.clone({ nullable: false, nullMessage: message });
  }
  protected setRequired(message: Message = messages.required): this {
    return this.clone({ nullable: false, nullMessage: message, optional: false, undefinedMessage: message });
  }
  protected setOneOf(values: readonly unknown[], message: Message = messages.oneOf): this {
    const all = [...(this.spec.oneOf ?? [])];
    for (const v of values) if (!all.includes(v)) all.push(v);
    return this.clone({ oneOf: all, oneOfMessage: message });
  }

  protected transform(fn: Transform): this {
    const next = this.clone();
    next.transforms = [...this.transforms, fn];
    return next;
  }

  /** Adds a test (yup's rule: an exclusive test replaces those of its name; others stack unless the same function). */
  test(config: TestConfig<this['__outputType']>): this;
  test(name: string, test: TestFunction<this['__outputType']>): this;
  test(name: string, message: Message, test: TestFunction<this['__outputType']>): this;
  test(
    a: string | TestConfig<this['__outputType']>,
    b?: Message | TestFunction<this['__outputType']>,
    c?: TestFunction<this['__outputType']>,
  ): this {
    let config: TestConfig<this['__outputType']>;
    if (typeof a !== 'string') config = a;
    else if (c) config = { name: a, message: b as Message, test: c };
    else config = { name: a, test: b as TestFunction<this['__outputType']> };
    return this.addTest({
      name: config.name,
      message: config.message ?? messages.default,
      params: config.params,
      exclusive: config.exclusive ?? false,
      skipAbsent: config.skipAbsent ?? false,
      check: config.test,
    });
  }

  protected addTest(test: StoredTest): this {
    const next = this.clone();
    const exclusive = test.exclusive || (test.name !== undefined && this.exclusive[test.name] === true);
    if (test.name !== undefined) next.exclusive = { ...this.exclusive, [test.name]: test.exclusive };
    next.tests = [
      ...this.tests.filter((t) => t.name !== test.name || (!exclusive && t.check !== test.check)),
      test,
    ];
    return next;
  }

  // -------------------------------------------------------------------------------------------------------------
  // defaults and casting

  getDefault(): TDefault {
    return this.defaultOf() as TDefault;
  }
  protected defaultOf(): unknown {
    const { defaultThunk, defaultValue } = this.spec;
    if (defaultThunk) return defaultThunk();
    return copyValue(defaultValue);
  }

  /** Transforms, then the default for a value still missing. */
  castValue(value: unknown, _options: CastOptions): unknown {
    let v = value;
    if (v !== undefined) for (const fn of this.transforms) v = fn(v, value);
    return v === undefined ? this.defaultOf() : v;
  }

  /** The value as a non-strict validation would read it; throws a TypeError when that is not of the schema's type. */
  cast(value: unknown, options: { stripUnknown?: boolean } = {}): this['__outputType'] {
    const result = this.castValue(value, options);
    if (!this.isType(result)) {
      throw new TypeError(
        `The value of field could not be cast to a value that satisfies the schema type: "${this.type}". attempted value: ${printValue(value)}`,
      );
    }
    return result as this['__outputType'];
  }

  // -------------------------------------------------------------------------------------------------------------
  // validating

  validateSync(value: unknown, options: ValidateOptions = {}): this['__outputType'] {
    const run: Run = { abortEarly: options.abortEarly ?? true, errors: [] };
    const strict = options.strict ?? this.spec.strict;
    const cast = strict
      ? value
      : this.castValue(value, { stripUnknown: options.stripUnknown, validating: true });
    this.judge(cast, { path: '', parent: undefined, originalValue: value }, run);
    if (run.errors.length > 0) throw new ValidationError(run.errors, value);
    return cast as this['__outputType'];
  }

  /** As validateSync, as a promise (every test is synchronous). */
  validate(value: unknown, options?: ValidateOptions): Promise<this['__outputType']> {
    try {
      return Promise.resolve(this.validateSync(value, options));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  isValidSync(value: unknown, options?: ValidateOptions): value is this['__outputType'] {
    try {
      this.validateSync(value, options);
      return true;
    } catch (err) {
      if (err instanceof ValidationError) return false;
      throw err;
    }
  }

  isValid(value: unknown, options?: ValidateOptions): Promise<boolean> {
    try {
      return Promise.resolve(this.isValidSync(value, options));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /**
   * Judges a value already cast: the presence and type checks, then (when they pass) the tests. Containers then
   * judge their items.
   */
  judge(value: unknown, node: Node, run: Run): void {
    const before = run.errors.length;
    this.checkPresenceAndType(value, node, run);
    if (run.errors.length === before) this.runTests(value, node, run);
  }

  protected checkPresenceAndType(value: unknown, node: Node, run: Run): void {
    const spec = this.spec;
    if (value === null) {
      if (!spec.nullable)
        report(run, makeError(spec.nullMessage, value, node.originalValue, node.path, 'nullable'));
      return;
    }
    if (value === undefined) {
      if (!spec.optional)
        report(run, makeError(spec.undefinedMessage, value, node.originalValue, node.path, 'optionality'));
      return;
    }
    if (!this.typeCheck(value)) {
      report(
        run,
        makeError(messages.notType, value, node.originalValue, node.path, 'typeError', { type: this.type }),
      );
    }
    if (spec.oneOf && !spec.oneOf.includes(value)) {
      report(
        run,
        makeError(spec.oneOfMessage, value, node.originalValue, node.path, 'oneOf', {
          values: spec.oneOf.join(', '),
          resolved: spec.oneOf,
        }),
      );
    }
  }

  protected runTests(value: unknown, node: Node, run: Run): void {
    for (const test of this.tests) {
      if (test.skipAbsent && isAbsent(value)) continue;
      const ctx = new Context(node.path, node.parent, node.originalValue, value, test);
      let result: void | boolean | ValidationError;
      try {
        result = test.check.call(ctx, value as never, ctx);
      } catch (err) {
        if (err instanceof ValidationError) {
          report(run, err);
          continue;
        }
        throw err;
      }
      if (result instanceof ValidationError) report(run, result);
      else if (typeof result === 'object' && result !== null && 'then' in result) {
        throw new Error(
          `Validation test of type: "${test.name}" returned a Promise: tests must be synchronous`,
        );
      } else if (!result) report(run, ctx.createError());
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // describing

  describe(): SchemaDescription {
    const seen = new Set<string | undefined>();
    const tests: SchemaDescription['tests'] = [];
    for (const t of this.tests) {
      if (seen.has(t.name)) continue;
      seen.add(t.name);
      tests.push({ ...(t.name !== undefined ? { name: t.name } : {}), params: t.params });
    }
    return {
      type: this.type,
      optional: this.spec.optional,
      nullable: this.spec.nullable,
      default: this.getDefault(),
      oneOf: [...(this.spec.oneOf ?? [])],
      notOneOf: [],
      tests,
    };
  }
}

export { isAbsent };

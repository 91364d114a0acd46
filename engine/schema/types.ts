/**
 * Type-level helpers of the contract schemas (the same algebra yup's types use, so that `InferType` gives the types
 * the contract has always had): `required()`/`defined()`/`optional()`/`nullable()` change the value type, and a
 * default (flag `d`) makes the output defined.
 */

/**
 * Any object (the bound of a contract's parameters and of an object schema's type): interfaces (MenuItem, LineRow …)
 * satisfy it, which an index signature of `unknown` would refuse; code that reads fields by name views the object as
 * `Record<string, unknown>` where it does so.
 */
export type AnyObject = object;

export type Maybe<T> = T | null | undefined;
export type Optionals<T> = Extract<T, null | undefined>;
export type Defined<T> = T extends undefined ? never : T;
export type NotNull<T> = T extends null ? never : T;
/** Any value but null and undefined. */
export type Present = NonNullable<unknown>;
/** Spells an intersection out as one object type (what editors and errors show). */
export type Flatten<T> = T extends Present ? { [K in keyof T]: T[K] } : T;

/** `d`: the schema has a default, so its output is never undefined. */
export type Flags = 'd' | '';
type Preserve<T, U> = T extends U ? U : never;
export type SetFlag<Old extends Flags, F extends Flags> = Exclude<Old, ''> | F;
export type UnsetFlag<Old extends Flags, F extends Flags> =
  Exclude<Old, F> extends never ? '' : Exclude<Old, F>;
export type ToggleDefault<F extends Flags, D> =
  Preserve<D, undefined> extends never ? SetFlag<F, 'd'> : UnsetFlag<F, 'd'>;
export type ResolveFlags<T, F extends Flags, D = T> =
  Extract<F, 'd'> extends never ? T : D extends undefined ? T : Defined<T>;

/** A default value or a function giving it (called each time, so a mutable default is never shared). */
export type DefaultThunk<D> = D | (() => D);

/** What a message is formatted with: the path (or `this` at the top), the value, and the test's own parameters. */
export interface MessageParams {
  path: string;
  value: unknown;
  originalValue: unknown;
  [param: string]: unknown;
}
/** A text with `${path}`, `${min}` … placeholders, or a function of the parameters. */
export type Message = string | ((params: MessageParams) => string);

/** What `validate` accepts (yup's names and defaults: abortEarly true, strict as the schema says). */
export interface ValidateOptions {
  /** Judge the value as given: no cast, no default, no transform (trim, round, json). */
  strict?: boolean;
  /** Stop at the first error (default) or collect every one. */
  abortEarly?: boolean;
  /** Drop the keys an object schema does not name (when casting, i.e. not strict). */
  stripUnknown?: boolean;
}

/** What `describe()` tells of a schema (scripts/endpointDocs.ts lists fields and types from it). */
export interface SchemaDescription {
  type: string;
  label?: string;
  meta?: Record<string, unknown>;
  optional: boolean;
  nullable: boolean;
  default?: unknown;
  oneOf: unknown[];
  notOneOf: unknown[];
  tests: { name?: string; params: Record<string, unknown> | undefined }[];
  fields?: Record<string, SchemaDescription>;
  innerType?: SchemaDescription;
}

/** A schema as a field type: its output type. */
export interface ISchema<T> {
  readonly __outputType: T;
  describe(): SchemaDescription;
}
export type InferType<S extends ISchema<unknown>> = S['__outputType'];

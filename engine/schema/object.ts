/**
 * `object(shape)`: a plain object whose named fields are judged by their schemas. Casting (non-strict) casts the
 * fields that are not strict, fills defaults, and drops unknown keys when asked (`stripUnknown`); other keys are kept.
 * Errors come field by field in the shape's order, then the object's own.
 */
import { Schema, childPath, type CastOptions, type Node, type Run } from './Schema';
import type { ValidationError } from './ValidationError';
import { castField, judgeField, resolveField, toFieldSchema, type FieldSchema } from './lazy';
import type {
  AnyObject,
  Defined,
  DefaultThunk,
  Flags,
  Flatten,
  ISchema,
  SchemaDescription,
  Maybe,
  Message,
  NotNull,
  ToggleDefault,
} from './types';

export type ObjectShape = { [key: string]: ISchema<unknown> };
export type TypeFromShape<S extends ObjectShape> = { [K in keyof S]: S[K]['__outputType'] };
export type DefaultFromShape<S extends ObjectShape> = {
  [K in keyof S]: S[K] extends { readonly __default: infer D } ? D : undefined;
};
type OptionalKeys<T extends object> = { [K in keyof T]: undefined extends T[K] ? K : never }[keyof T];
type RequiredKeys<T extends object> = Exclude<keyof T, OptionalKeys<T>>;
/** Keys whose type admits undefined become optional (`a?: string | undefined`), as yup infers them. */
export type MakePartial<T extends object> = {
  [K in OptionalKeys<T> as T[K] extends never ? never : K]?: T[K];
} & { [K in RequiredKeys<T> as T[K] extends never ? never : K]: T[K] };
export type MakeKeysOptional<T> = T extends AnyObject ? Flatten<MakePartial<T>> : T;
/** The fields of an object schema of type T. */
export type Shape<T> = { [K in keyof T]-?: ISchema<T[K]> };
type EmptyShape = Record<never, never>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}

/** yup's error order: by the first shape key the error's path contains. */
function byKeyOrder(keys: readonly string[]): (a: ValidationError, b: ValidationError) => number {
  const index = (err: ValidationError): number => {
    const path = err.path;
    if (path === undefined) return Infinity;
    const i = keys.findIndex((key) => path.includes(key));
    return i === -1 ? Infinity : i;
  };
  return (a, b) => index(a) - index(b);
}

function parseJson(value: unknown, isType: (v: unknown) => boolean): unknown {
  if (typeof value !== 'string') return value;
  let parsed: unknown = value;
  try {
    parsed = JSON.parse(value);
  } catch {
    /* not JSON: judged as given */
  }
  return isType(parsed) ? parsed : value;
}

export class ObjectSchema<
  TIn extends Maybe<AnyObject>,
  TDefault = unknown,
  TFlags extends Flags = '',
> extends Schema<MakeKeysOptional<TIn>, TDefault, TFlags> {
  readonly type: string = 'object';
  /** The fields by name, in the shape's order. */
  readonly fields: Shape<NonNullable<TIn>>;
  /** Fields in yup's visiting order (last key first): errors of equal rank and abortEarly's first error follow it. */
  private nodes: readonly (readonly [string, FieldSchema])[];
  private sortErrors: (a: ValidationError, b: ValidationError) => number;
  private keys: ReadonlySet<string>;

  constructor(shape: ObjectShape = {}) {
    super();
    this.fields = shape as Shape<NonNullable<TIn>>;
    const entries = Object.entries(shape).map(([k, f]) => [k, toFieldSchema(f)] as const);
    this.nodes = entries.reverse();
    this.sortErrors = byKeyOrder(Object.keys(shape));
    this.keys = new Set(Object.keys(shape));
  }

  protected typeCheck(value: unknown): boolean {
    return isPlainObject(value) || typeof value === 'function';
  }

  /** The same object with fields added (or replaced). */
  shape<U extends ObjectShape>(
    additions: U,
  ): ObjectSchema<
    | Flatten<{ [P in keyof TIn]: P extends keyof U ? TypeFromShape<U>[P] : TIn[P] } & TypeFromShape<U>>
    | Flatten<Extract<TIn, null | undefined>>,
    Extract<TFlags, 'd'> extends never ? Flatten<TDefault & DefaultFromShape<U>> : TDefault,
    TFlags
  > {
    const fields: ObjectShape = { ...(this.fields as ObjectShape), ...additions };
    const next = this.clone();
    const shaped = new ObjectSchema(fields);
    next.setFields(shaped);
    return next as unknown as ObjectSchema<
      | Flatten<{ [P in keyof TIn]: P extends keyof U ? TypeFromShape<U>[P] : TIn[P] } & TypeFromShape<U>>
      | Flatten<Extract<TIn, null | undefined>>,
      Extract<TFlags, 'd'> extends never ? Flatten<TDefault & DefaultFromShape<U>> : TDefault,
      TFlags
    >;
  }
  private setFields(from: ObjectSchema<Maybe<AnyObject>>): void {
    Object.assign(this, {
      fields: from.fields,
      nodes: from.nodes,
      sortErrors: from.sortErrors,
      keys: from.keys,
    });
  }

  /** Reads a JSON text as the object when casting. */
  json(): this {
    return this.transform((value) => parseJson(value, (v) => this.isType(v)));
  }

  default<D extends Maybe<AnyObject>>(
    def: DefaultThunk<D>,
  ): ObjectSchema<TIn, D, ToggleDefault<TFlags, 'd'>> {
    return this.withDefault(def) as unknown as ObjectSchema<TIn, D, ToggleDefault<TFlags, 'd'>>;
  }
  defined(message?: Message): ObjectSchema<Defined<TIn>, TDefault, TFlags> {
    return this.setDefined(message) as unknown as ObjectSchema<Defined<TIn>, TDefault, TFlags>;
  }
  optional(): ObjectSchema<TIn | undefined, TDefault, TFlags> {
    return this.setOptional() as unknown as ObjectSchema<TIn | undefined, TDefault, TFlags>;
  }
  required(message?: Message): ObjectSchema<NonNullable<TIn>, TDefault, TFlags> {
    return this.setRequired(message) as unknown as ObjectSchema<NonNullable<TIn>, TDefault, TFlags>;
  }
  nullable(): ObjectSchema<TIn | null, TDefault, TFlags> {
    return this.setNullable() as unknown as ObjectSchema<TIn | null, TDefault, TFlags>;
  }
  nonNullable(message?: Message): ObjectSchema<NotNull<TIn>, TDefault, TFlags> {
    return this.setNonNullable(message) as unknown as ObjectSchema<NotNull<TIn>, TDefault, TFlags>;
  }

  /** Without a default of its own: its fields' defaults (undefined for an object without fields). */
  protected override defaultOf(): unknown {
    if (this.spec.hasDefault) return super.defaultOf();
    if (this.nodes.length === 0) return undefined;
    const out: Record<string, unknown> = {};
    for (const [key, field] of this.nodes)
      out[key] = field instanceof Schema ? field.getDefault() : undefined;
    return out;
  }

  override castValue(input: unknown, options: CastOptions): unknown {
    const value = super.castValue(input, options);
    if (value === undefined) return this.defaultOf();
    if (!this.typeCheck(value)) return value;
    const source = value as Record<string, unknown>;
    const strip = options.stripUnknown ?? false;
    const out: Record<string, unknown> = {};
    let changed = false;
    for (const [key, field] of this.nodes) {
      const exists = key in source;
      const fieldInput = source[key];
      const schema = resolveField(field, fieldInput);
      const fieldValue =
        !options.validating || !schema.isStrict ? castField(schema, fieldInput, options) : fieldInput;
      if (fieldValue !== undefined) out[key] = fieldValue;
      if (exists !== key in out || out[key] !== fieldInput) changed = true;
    }
    for (const key of Object.keys(source)) {
      if (this.keys.has(key)) continue;
      // yup took a key named like an Object.prototype member for a field and failed on it: such input is refused
      // (a TypeError: the server answers that the request could not be read), never kept nor stripped
      if (key in Object.prototype) throw new TypeError(`${key}: not a parameter name`);
      if (!strip) out[key] = source[key];
      else changed = true;
    }
    return changed ? out : value;
  }

  override judge(value: unknown, node: Node, run: Run): void {
    const before = run.errors.length;
    super.judge(value, node, run);
    if (!isPlainObject(value)) return;
    const own = run.errors.splice(before);
    const parent = isObjectLike(node.originalValue) ? node.originalValue : value;
    for (const [key, field] of this.nodes) {
      const fieldValue = value[key];
      judgeField(
        field,
        fieldValue,
        { path: childPath(node.path, key), parent: value, originalValue: parent[key] },
        run,
      );
    }
    if (run.errors.length > before) {
      const fieldErrors = run.errors.splice(before).sort(this.sortErrors);
      run.errors.push(...fieldErrors);
    }
    run.errors.push(...own);
  }

  override describe(): SchemaDescription {
    const base = super.describe();
    base.fields = {};
    for (const [key, field] of Object.entries(this.fields as ObjectShape)) {
      base.fields[key] = toFieldSchema(field).describe();
    }
    return base;
  }
}

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

export function object<S extends ObjectShape = EmptyShape>(
  shape?: S,
): ObjectSchema<Flatten<TypeFromShape<S>>, Flatten<DefaultFromShape<S>>> {
  return new ObjectSchema<Flatten<TypeFromShape<S>>, Flatten<DefaultFromShape<S>>>(shape);
}

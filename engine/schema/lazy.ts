/**
 * `lazy(builder)`: a schema chosen from the value when it is judged — a recursive shape (a menu item's children are
 * menu items) or one whose keys come from the value.
 */
import type { CastOptions, Node, Run } from './Schema';
import { Schema } from './Schema';
import type { ISchema, InferType, SchemaDescription, ValidateOptions } from './types';

export class Lazy<T> implements ISchema<T> {
  declare readonly __outputType: T;
  readonly type = 'lazy';
  constructor(private readonly builder: (value: unknown) => ISchema<T>) {}

  /** The schema for this value. */
  resolve(value: unknown): Schema {
    const schema = this.builder(value);
    if (schema instanceof Schema || schema instanceof Lazy)
      return schema instanceof Lazy ? schema.resolve(value) : schema;
    throw new TypeError('lazy() functions must return a valid schema');
  }

  validateSync(value: unknown, options?: ValidateOptions): T {
    return this.resolve(value).validateSync(value, options) as T;
  }
  validate(value: unknown, options?: ValidateOptions): Promise<T> {
    return this.resolve(value).validate(value, options) as Promise<T>;
  }
  isValidSync(value: unknown, options?: ValidateOptions): value is T {
    return this.resolve(value).isValidSync(value, options);
  }
  describe(): SchemaDescription {
    return { type: 'lazy', optional: true, nullable: false, oneOf: [], notOneOf: [], tests: [] };
  }
}

/** A field's or item's schema, as the value asks for it. */
export type FieldSchema = Schema | Lazy<unknown>;

export function resolveField(field: FieldSchema, value: unknown): Schema {
  return field instanceof Lazy ? field.resolve(value) : field;
}

/** A field as kept by an object or a list: anything else than a schema is refused when the shape is declared. */
export function toFieldSchema(field: unknown): FieldSchema {
  if (field instanceof Schema || field instanceof Lazy) return field;
  throw new TypeError('a field must be a schema');
}

export function castField(field: FieldSchema, value: unknown, options: CastOptions): unknown {
  return resolveField(field, value).castValue(value, options);
}

export function judgeField(field: FieldSchema, value: unknown, node: Node, run: Run): void {
  resolveField(field, value).judge(value, node, run);
}

export function lazy<S extends ISchema<unknown>>(builder: (value: unknown) => S): Lazy<InferType<S>> {
  return new Lazy<InferType<S>>(builder as (value: unknown) => ISchema<InferType<S>>);
}

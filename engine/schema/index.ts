/**
 * The contract's schemas (engine/api): the small subset of yup the project uses, with yup's semantics and
 * messages, in a few kilobytes (docs/contract-schema.md). Import as a namespace, `cs` (contract schema):
 * `import * as cs from '../schema'`.
 */
export { Schema } from './Schema';
export type { TestContext, TestFunction, TestConfig, CreateErrorOptions } from './Schema';
export { ValidationError } from './ValidationError';
export {
  MixedSchema,
  StringSchema,
  NumberSchema,
  BooleanSchema,
  mixed,
  string,
  number,
  boolean,
} from './primitives';
export { ObjectSchema, object } from './object';
export type { ObjectShape, TypeFromShape, DefaultFromShape } from './object';
export { ArraySchema, array } from './array';
export { Lazy, lazy } from './lazy';
export { printValue } from './messages';
export type {
  AnyObject,
  InferType,
  ISchema,
  Message,
  Maybe,
  SchemaDescription,
  ValidateOptions,
} from './types';

/**
 * The value schemas: `mixed` (any value), `string`, `number`, `boolean`. Not strict, each casts like yup: a number
 * reads a text (`" 12 "` → 12, `"12a"` → NaN, refused as not a number), a string reads a number (`12` → `"12"`), a
 * boolean reads `"true"`/`"1"`/`"false"`/`"0"`.
 */
import { messages } from './messages';
import { Schema, isAbsent } from './Schema';
import type {
  Defined,
  DefaultThunk,
  Flags,
  Maybe,
  Message,
  NotNull,
  Optionals,
  Present,
  ToggleDefault,
} from './types';

const objectTag = '[object Object]';

export class MixedSchema<
  TType extends Maybe<Present> = Present | undefined,
  TDefault = undefined,
  TFlags extends Flags = '',
> extends Schema<TType, TDefault, TFlags> {
  readonly type: string = 'mixed';
  protected typeCheck(): boolean {
    return true;
  }
  default<D extends Maybe<TType>>(def: DefaultThunk<D>): MixedSchema<TType, D, ToggleDefault<TFlags, D>> {
    return this.withDefault(def) as unknown as MixedSchema<TType, D, ToggleDefault<TFlags, D>>;
  }
  defined(message?: Message): MixedSchema<Defined<TType>, TDefault, TFlags> {
    return this.setDefined(message) as unknown as MixedSchema<Defined<TType>, TDefault, TFlags>;
  }
  optional(): MixedSchema<TType | undefined, TDefault, TFlags> {
    return this.setOptional();
  }
  required(message?: Message): MixedSchema<NonNullable<TType>, TDefault, TFlags> {
    return this.setRequired(message) as unknown as MixedSchema<NonNullable<TType>, TDefault, TFlags>;
  }
  nullable(): MixedSchema<TType | null, TDefault, TFlags> {
    return this.setNullable();
  }
  nonNullable(message?: Message): MixedSchema<NotNull<TType>, TDefault, TFlags> {
    return this.setNonNullable(message) as unknown as MixedSchema<NotNull<TType>, TDefault, TFlags>;
  }
  oneOf<U extends TType>(values: readonly U[], message?: Message): this {
    return this.setOneOf(values, message);
  }
}

export class StringSchema<
  TType extends Maybe<string> = string | undefined,
  TDefault = undefined,
  TFlags extends Flags = '',
> extends Schema<TType, TDefault, TFlags> {
  readonly type: string = 'string';
  constructor() {
    super();
    this.transforms = [
      (value) => {
        if (this.isType(value) || Array.isArray(value)) return value;
        const text =
          value !== null &&
          value !== undefined &&
          typeof (value as { toString?: unknown }).toString === 'function'
            ? String(value)
            : value;
        return text === objectTag ? value : text;
      },
    ];
  }
  protected typeCheck(value: unknown): boolean {
    return typeof value === 'string' || value instanceof String;
  }

  /** Also refuses the empty text (yup's rule for strings). */
  required(message?: Message): StringSchema<NonNullable<TType>, TDefault, TFlags> {
    const msg = message ?? messages.required;
    const next = this.setRequired(message).addTest({
      name: 'required',
      message: msg,
      params: undefined,
      exclusive: false,
      skipAbsent: true,
      check: (value: string) => value.length > 0,
    });
    return next as unknown as StringSchema<NonNullable<TType>, TDefault, TFlags>;
  }
  default<D extends Maybe<TType>>(def: DefaultThunk<D>): StringSchema<TType, D, ToggleDefault<TFlags, D>> {
    return this.withDefault(def) as unknown as StringSchema<TType, D, ToggleDefault<TFlags, D>>;
  }
  defined(message?: Message): StringSchema<Defined<TType>, TDefault, TFlags> {
    return this.setDefined(message) as unknown as StringSchema<Defined<TType>, TDefault, TFlags>;
  }
  optional(): StringSchema<TType | undefined, TDefault, TFlags> {
    return this.setOptional();
  }
  nullable(): StringSchema<TType | null, TDefault, TFlags> {
    return this.setNullable();
  }
  nonNullable(message?: Message): StringSchema<NotNull<TType>, TDefault, TFlags> {
    return this.setNonNullable(message) as unknown as StringSchema<NotNull<TType>, TDefault, TFlags>;
  }
  oneOf<U extends TType>(
    values: readonly U[],
    message?: Message,
  ): StringSchema<U | Optionals<TType>, TDefault, TFlags> {
    return this.setOneOf(values, message) as unknown as StringSchema<U | Optionals<TType>, TDefault, TFlags>;
  }

  length(length: number, message: Message = messages.string.length): this {
    return this.addTest({
      name: 'length',
      message,
      params: { length },
      exclusive: true,
      skipAbsent: true,
      check: (value: string) => value.length === length,
    });
  }
  min(min: number, message: Message = messages.string.min): this {
    return this.addTest({
      name: 'min',
      message,
      params: { min },
      exclusive: true,
      skipAbsent: true,
      check: (value: string) => value.length >= min,
    });
  }
  max(max: number, message: Message = messages.string.max): this {
    return this.addTest({
      name: 'max',
      message,
      params: { max },
      exclusive: true,
      skipAbsent: true,
      check: (value: string) => value.length <= max,
    });
  }
  matches(
    regex: RegExp,
    options?: Message | { message?: Message; excludeEmptyString?: boolean; name?: string },
  ): this {
    const o = typeof options === 'object' ? options : { message: options };
    const excludeEmpty = o.excludeEmptyString ?? false;
    return this.addTest({
      name: o.name ?? 'matches',
      message: o.message ?? messages.string.matches,
      params: { regex },
      exclusive: false,
      skipAbsent: true,
      check: (value: string) => (value === '' && excludeEmpty) || value.search(regex) !== -1,
    });
  }
  /** Trims when casting; a strict schema refuses an untrimmed text instead. */
  trim(message: Message = messages.string.trim): this {
    return this.transform(trimValue).addTest({
      name: 'trim',
      message,
      params: undefined,
      exclusive: false,
      skipAbsent: false,
      check: isTrimmed,
    });
  }
}

/** yup calls `.trim()` on whatever the cast left: a value with none is a failure of the input (a TypeError). */
function trimValue(value: unknown): unknown {
  if (isAbsent(value)) return value;
  if (typeof value === 'string') return value.trim();
  throw new TypeError('value.trim is not a function');
}
function isTrimmed(value: Maybe<string>): boolean {
  return isAbsent(value) || value === value.trim();
}

export class NumberSchema<
  TType extends Maybe<number> = number | undefined,
  TDefault = undefined,
  TFlags extends Flags = '',
> extends Schema<TType, TDefault, TFlags> {
  readonly type: string = 'number';
  constructor() {
    super();
    this.transforms = [
      (value) => {
        let parsed = value;
        if (typeof parsed === 'string') {
          const text = parsed.replace(/\s/g, '');
          if (text === '') return NaN;
          parsed = +text;
        }
        if (this.isType(parsed) || parsed === null) return parsed;
        return parseFloat(parsed as string);
      },
    ];
  }
  protected typeCheck(value: unknown): boolean {
    const v = value instanceof Number ? value.valueOf() : value;
    return typeof v === 'number' && !Number.isNaN(v);
  }

  default<D extends Maybe<TType>>(def: DefaultThunk<D>): NumberSchema<TType, D, ToggleDefault<TFlags, D>> {
    return this.withDefault(def) as unknown as NumberSchema<TType, D, ToggleDefault<TFlags, D>>;
  }
  defined(message?: Message): NumberSchema<Defined<TType>, TDefault, TFlags> {
    return this.setDefined(message) as unknown as NumberSchema<Defined<TType>, TDefault, TFlags>;
  }
  optional(): NumberSchema<TType | undefined, TDefault, TFlags> {
    return this.setOptional();
  }
  required(message?: Message): NumberSchema<NonNullable<TType>, TDefault, TFlags> {
    return this.setRequired(message) as unknown as NumberSchema<NonNullable<TType>, TDefault, TFlags>;
  }
  nullable(): NumberSchema<TType | null, TDefault, TFlags> {
    return this.setNullable();
  }
  nonNullable(message?: Message): NumberSchema<NotNull<TType>, TDefault, TFlags> {
    return this.setNonNullable(message) as unknown as NumberSchema<NotNull<TType>, TDefault, TFlags>;
  }
  oneOf<U extends TType>(values: readonly U[], message?: Message): this {
    return this.setOneOf(values, message);
  }

  min(min: number, message: Message = messages.number.min): this {
    return this.addTest({
      name: 'min',
      message,
      params: { min },
      exclusive: true,
      skipAbsent: true,
      check: (value: number) => value >= min,
    });
  }
  max(max: number, message: Message = messages.number.max): this {
    return this.addTest({
      name: 'max',
      message,
      params: { max },
      exclusive: true,
      skipAbsent: true,
      check: (value: number) => value <= max,
    });
  }
  integer(message: Message = messages.number.integer): this {
    return this.addTest({
      name: 'integer',
      message,
      params: undefined,
      exclusive: false,
      skipAbsent: true,
      check: (value: number) => Number.isInteger(value),
    });
  }
  /** Rounds when casting (`round`, `floor`, `ceil`, `trunc`). */
  round(method: 'round' | 'floor' | 'ceil' | 'trunc' = 'round'): this {
    return this.transform((value) => (isAbsent(value) ? value : Math[method](value as number)));
  }
}

export class BooleanSchema<
  TType extends Maybe<boolean> = boolean | undefined,
  TDefault = undefined,
  TFlags extends Flags = '',
> extends Schema<TType, TDefault, TFlags> {
  readonly type: string = 'boolean';
  constructor() {
    super();
    this.transforms = [
      (value) => {
        if (!this.isType(value)) {
          if (/^(true|1)$/i.test(String(value))) return true;
          if (/^(false|0)$/i.test(String(value))) return false;
        }
        return value;
      },
    ];
  }
  protected typeCheck(value: unknown): boolean {
    return typeof value === 'boolean' || value instanceof Boolean;
  }
  default<D extends Maybe<TType>>(def: DefaultThunk<D>): BooleanSchema<TType, D, ToggleDefault<TFlags, D>> {
    return this.withDefault(def) as unknown as BooleanSchema<TType, D, ToggleDefault<TFlags, D>>;
  }
  defined(message?: Message): BooleanSchema<Defined<TType>, TDefault, TFlags> {
    return this.setDefined(message) as unknown as BooleanSchema<Defined<TType>, TDefault, TFlags>;
  }
  optional(): BooleanSchema<TType | undefined, TDefault, TFlags> {
    return this.setOptional();
  }
  required(message?: Message): BooleanSchema<NonNullable<TType>, TDefault, TFlags> {
    return this.setRequired(message) as unknown as BooleanSchema<NonNullable<TType>, TDefault, TFlags>;
  }
  nullable(): BooleanSchema<TType | null, TDefault, TFlags> {
    return this.setNullable();
  }
  nonNullable(message?: Message): BooleanSchema<NotNull<TType>, TDefault, TFlags> {
    return this.setNonNullable(message) as unknown as BooleanSchema<NotNull<TType>, TDefault, TFlags>;
  }
  oneOf<U extends TType>(values: readonly U[], message?: Message): this {
    return this.setOneOf(values, message);
  }
}

export function mixed<T extends Present = Present>(): MixedSchema<T | undefined> {
  return new MixedSchema<T | undefined>();
}
export function string(): StringSchema {
  return new StringSchema();
}
export function number(): NumberSchema {
  return new NumberSchema();
}
export function boolean(): BooleanSchema {
  return new BooleanSchema();
}
